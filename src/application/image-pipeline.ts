import { checkAssetRoom, pendingAsset, storedAsset } from '../domain/media/asset.ts';
import { type CardSource } from '../domain/ai/card-texts.ts';
import { invalid, notFound } from '../domain/common/errors.ts';
import { type Product } from '../domain/catalog/product.ts';
import { type AssetRepository } from './ports/asset-repository.ts';
import { type Clock } from './ports/clock.ts';
import { type Ids } from './ports/ids.ts';
import { type ImageFetcher } from './ports/image-fetcher.ts';
import { type NormalisedImage } from './ports/image-normaliser.ts';
import { type ObjectStore } from './ports/object-store.ts';

/** Steps shared by suite generation and the image edits: reading source images, storing results. */

export type LoadImage = (url: string) => Promise<Uint8Array>;

/**
 * Reads an image the user pointed at: our own stored URLs straight from the store, anything else through the
 * guarded client (the server downloads it itself, so hotlink protection does not matter).
 */
export function makeImageLoader(deps: { objectStore: ObjectStore; imageFetcher: ImageFetcher }): LoadImage {
  return async (url) => {
    const key = deps.objectStore.keyFromUrl(url);
    if (key !== undefined) {
      const bytes = await deps.objectStore.get(key);
      if (!bytes) throw notFound('IMAGE_NOT_FOUND', `找不到已存储的图片：${url}`);
      return bytes;
    }
    if (!/^(https?:)?\/\//i.test(url)) throw invalid('INVALID_IMAGE_URL', `图片地址无效：${url}`);
    return (await deps.imageFetcher.fetch(url)).bytes;
  };
}

export type StoreGeneratedDeps = { objectStore: ObjectStore; assets: AssetRepository; ids: Ids; clock: Clock };

/** The groups model output is appended to, with the name the page shows. */
const OUTPUT_GROUPS = { generated: 'AI 生成', translated: '图片翻译' } as const;

/** Stores a normalised image under `key` and, when asked, appends it to the product as a `generated` (or `translated`) asset. */
export async function storeGenerated(
  deps: StoreGeneratedDeps,
  input: {
    productId: string;
    key: string;
    image: NormalisedImage;
    variant: string | null;
    append: boolean;
    group?: keyof typeof OUTPUT_GROUPS;
    translatedFrom?: string;
  },
): Promise<{ url: string; asset_id: string | null }> {
  const group = input.group ?? 'generated';
  // A full product refuses before the image is stored, so no file is left without its asset.
  const existing = input.append ? await deps.assets.listByProduct(input.productId) : [];
  if (input.append) checkAssetRoom(existing.length, 1);
  const stored = await deps.objectStore.put(input.key, input.image.bytes, input.image.contentType);
  if (!input.append) return { url: stored.url, asset_id: null };
  const now = deps.clock.now().toISOString();
  const origin = {
    asset_id: deps.ids.uuid(),
    product_id: input.productId,
    group_key: group,
    group_name: OUTPUT_GROUPS[group],
    variant_name: input.variant,
    type: 'img',
    index: existing.filter((entry) => entry.group_key === group).length,
    dedupe_key: `${group}:${input.key}`,
    source_url: stored.url,
    referer: '',
  };
  const { bytes, ...measured } = input.image;
  const made = storedAsset(pendingAsset(origin, now), { ...measured, url: stored.url, bytes: bytes.byteLength }, now);
  const asset = input.translatedFrom ? { ...made, translated_from: input.translatedFrom } : made;
  await deps.assets.insertMany([asset]);
  return { url: stored.url, asset_id: asset.asset_id };
}

const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What a product offers the card texts: its Russian title and tags (generated copy first), sizes, weight. */
export function cardSource(product: Product, texts: CardSource['texts']): CardSource {
  const tags = Array.isArray(product.copy.tags) ? product.copy.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    title_ru: stringOf(product.copy.title_ru) ?? (product.name || null),
    tags,
    texts,
    dimensions: { depth: product.depth, width: product.width, height: product.height, unit: product.dimension_unit },
    weight: { value: product.weight, unit: product.weight_unit },
  };
}
