import { type Asset } from '../media/asset.ts';
import { invalid } from '../common/errors.ts';
import { originalImageUrl } from '../intake/image-source.ts';
import { type Material, type MaterialImage } from '../intake/material.ts';
import { MAX_VARIANTS, newVariant, nextSeq, type SkuProp, type Variant } from './variant.ts';

/** What one collected page says about one variant. */
type CollectedVariant = {
  readonly sku_id: string | null;
  readonly label: string;
  readonly cost: number | null;
  readonly stock: number | null;
  readonly imageUrl: string | null;
  readonly props: readonly SkuProp[];
};

const SKU_IMAGE_GROUP = 'SKU';

/** The material's variants: one per `skus` item, else one per distinct `variantName` of its `sku` images. */
function collectedVariants(material: Material): CollectedVariant[] {
  const skus = material.skus ?? [];
  if (skus.length > 0) {
    // A SKU id listed twice is one SKU (the first wins): counted twice, two items made "two variants" of which one was kept.
    const seen = new Set<string>();
    return skus
      .filter((sku) => sku.label.trim() !== '' && !seen.has(sku.skuId) && seen.add(sku.skuId))
      .map((sku) => ({
        sku_id: sku.skuId,
        label: sku.label.trim(),
        cost: sku.priceCny ?? null,
        stock: sku.stock ?? null,
        imageUrl: sku.imageUrl ?? null,
        props: (sku.props ?? []).map(({ name, value }) => ({ name, value })),
      }));
  }
  const labels = new Set<string>();
  for (const image of material.images) {
    const label = image.groupKey === 'sku' ? image.variantName?.trim() : undefined;
    if (label) labels.add(label);
  }
  return [...labels].map((label) => ({ sku_id: null, label, cost: null, stock: null, imageUrl: null, props: [] }));
}

/**
 * The material with a `sku` image for every SKU whose `imageUrl` no `sku` image of the same label carries, so the
 * SKU's picture is downloaded and re-hosted like any other (its dedupe key is its original address).
 */
export function withSkuImages(material: Material): Material {
  const labelled = new Set(material.images.filter((image) => image.groupKey === 'sku').map((image) => image.variantName?.trim()));
  const added: MaterialImage[] = [];
  (material.skus ?? []).forEach((sku, index) => {
    if (!sku.imageUrl || labelled.has(sku.label.trim())) return;
    labelled.add(sku.label.trim());
    added.push({
      groupKey: 'sku',
      groupName: SKU_IMAGE_GROUP,
      variantName: sku.label.trim(),
      url: sku.imageUrl,
      index: 10_000 + index,
      type: 'img',
      dedupeKey: '',
    });
  });
  return added.length === 0 ? material : { ...material, images: [...material.images, ...added] };
}

/** The picture of a collected variant among the product's assets: the `sku` asset with its label, else its `imageUrl`'s. */
function imageOf(candidate: CollectedVariant, assets: readonly Asset[]): string | null {
  const byLabel = assets.filter((asset) => asset.group_key === 'sku' && asset.variant_name?.trim() === candidate.label).sort((a, b) => a.index - b.index)[0];
  if (byLabel) return byLabel.asset_id;
  if (!candidate.imageUrl) return null;
  const key = originalImageUrl(candidate.imageUrl);
  return assets.find((asset) => asset.dedupe_key === key)?.asset_id ?? null;
}

const sameVariant = (variant: Variant, candidate: CollectedVariant): boolean =>
  candidate.sku_id !== null && variant.sku_id !== null ? variant.sku_id === candidate.sku_id : variant.label_zh === candidate.label;

/**
 * The product's variants after a collect (docs/decisions.md, Variants). Fewer than two on a product that has none means no
 * variants (a single SKU is the product itself). Known variants keep every edit of the seller (only a missing
 * picture is filled in); new labels are appended, enabled. More than `MAX_VARIANTS` in all is a 422.
 */
export function collectVariants(existing: readonly Variant[], material: Material, assets: readonly Asset[], newId: () => string): Variant[] {
  const candidates = collectedVariants(material);
  if (existing.length === 0 && candidates.length < 2) return [];
  const variants = existing.map((variant) => {
    if (variant.image_asset_id !== null) return variant;
    const candidate = candidates.find((c) => sameVariant(variant, c));
    const image = candidate ? imageOf(candidate, assets) : null;
    return image === null ? variant : { ...variant, image_asset_id: image };
  });
  let seq = nextSeq(existing);
  for (const candidate of candidates) {
    if (variants.some((variant) => sameVariant(variant, candidate))) continue;
    variants.push(
      newVariant({
        id: newId(),
        seq: seq++,
        sku_id: candidate.sku_id,
        label_zh: candidate.label,
        cost_cny: candidate.cost,
        stock: candidate.stock,
        props: candidate.props,
        image_asset_id: imageOf(candidate, assets),
      }),
    );
  }
  if (variants.length > MAX_VARIANTS) {
    throw invalid('TOO_MANY_VARIANTS', `每个商品最多 ${MAX_VARIANTS} 个款式，追加后将有 ${variants.length} 个`, [
      { path: '/skus', message: `款式最多 ${MAX_VARIANTS} 个` },
    ]);
  }
  return variants;
}
