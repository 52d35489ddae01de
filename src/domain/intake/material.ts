import { type Asset, type AssetGroup, pendingAsset } from '../media/asset.ts';
import { prefillPricing } from './collected-pricing.ts';
import { originalImageUrl, refererFor } from './image-source.ts';
import { type JsonObject, type JsonValue } from '../common/json.ts';
import { type Platform } from '../common/platform.ts';
import { type Product, newProduct } from '../catalog/product.ts';
import { collectedMarketPrice, initialPublishMode } from '../catalog/follow-selling.ts';

/** One collected text (`POST /api/materials` `texts`). */
export type MaterialText = {
  readonly kind: string;
  readonly content: string;
  readonly pairs?: readonly { readonly key: string; readonly value: string }[] | undefined;
};

/** One collected image address (`POST /api/materials` `images`). */
export type MaterialImage = {
  readonly groupKey: AssetGroup;
  readonly groupName: string;
  readonly variantName: string | null;
  readonly url: string;
  readonly index: number;
  readonly type: string;
  readonly dedupeKey: string;
};

/** One SKU as the extension sends it (`skus`, docs/decisions.md, Variants): its own label, price, stock and picture. */
export type MaterialSku = {
  readonly skuId: string;
  readonly label: string;
  readonly priceCny?: number | undefined;
  readonly stock?: number | undefined;
  readonly imageUrl?: string | undefined;
  readonly props?: readonly { readonly name: string; readonly value: string }[] | undefined;
};

export type MaterialSource = { readonly platform: Platform; readonly itemId: string; readonly url: string; readonly collectedAt: number };

/** What the extension sends from one product page. */
export type Material = {
  readonly source: MaterialSource;
  readonly texts: readonly MaterialText[];
  readonly images: readonly MaterialImage[];
  /** The page's SKUs (at most 500); they become the product's variants. */
  readonly skus?: readonly MaterialSku[] | undefined;
  readonly refererOrigin?: string | undefined;
};

/** The first non-empty `title` text: a collected product's name starts as it (docs/decisions.md, Products and stages). */
export function collectedTitle(texts: readonly MaterialText[]): string {
  return texts.find((text) => text.kind === 'title' && text.content.trim())?.content.trim() ?? '';
}

const textToJson = (text: MaterialText): JsonObject => ({
  kind: text.kind,
  content: text.content,
  ...(text.pairs ? { pairs: text.pairs.map((pair) => ({ key: pair.key, value: pair.value })) } : {}),
});

const sourceToJson = (source: MaterialSource, refererOrigin: string | undefined): JsonObject => ({
  platform: source.platform,
  itemId: source.itemId,
  url: source.url,
  collectedAt: source.collectedAt,
  ...(refererOrigin ? { refererOrigin } : {}),
});

const listOf = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);

/** `raw` with the material's texts appended to `raw.texts` and its source to `raw.sources`. */
export function rawWithMaterial(raw: JsonObject, material: Material): JsonObject {
  return {
    ...raw,
    texts: [...listOf(raw.texts), ...material.texts.map(textToJson)],
    sources: [...listOf(raw.sources), sourceToJson(material.source, material.refererOrigin)],
  };
}

/** A new `collected` product holding the material's texts and source. */
export function collectedProduct(id: string, material: Material, now: string): Product {
  const { platform, itemId, url } = material.source;
  const product = newProduct(
    {
      id,
      stage: 'collected',
      source_platform: platform,
      name: collectedTitle(material.texts),
      source_item_id: itemId,
      source_url: url,
      sources: [{ platform, item_id: itemId, url }],
      raw: rawWithMaterial({}, material),
      // docs/decisions.md, Follow-selling: the marketplace's own page starts as a copy of its card, priced beside its price.
      publish_mode: initialPublishMode({ source_platform: platform, source_item_id: itemId, sources: [] }),
      market_price_rub: platform === 'ozon' ? collectedMarketPrice(material.texts) : null,
    },
    now,
  );
  return prefillPricing(product);
}

/** The product with another page's material appended (a new source; name and stage unchanged). */
export function appendMaterial(product: Product, material: Material, now: string): Product {
  const { platform, itemId, url } = material.source;
  const known = product.sources.some((source) => source.platform === platform && source.item_id === itemId);
  // A marketplace page appended to a product without its price yet brings it (the first marketplace page's price stays).
  const marketPrice = product.market_price_rub ?? (platform === 'ozon' ? collectedMarketPrice(material.texts) : null);
  return prefillPricing({
    ...product,
    market_price_rub: marketPrice,
    version: product.version + 1,
    sources: known ? product.sources : [...product.sources, { platform, item_id: itemId, url }],
    raw: rawWithMaterial(product.raw, material),
    updated_at: now,
  });
}

/** An image's de-duplication key: the one sent, else its original address. */
export const dedupeKeyOf = (image: MaterialImage): string => image.dedupeKey.trim() || originalImageUrl(image.url);

/**
 * Pending assets for the material's images whose dedupe key the product does not have yet (nor an earlier
 * image of the same request). `newId` supplies ids so the domain stays free of randomness.
 */
export function pendingAssets(productId: string, material: Material, knownKeys: readonly string[], newId: () => string, now: string): Asset[] {
  const seen = new Set(knownKeys);
  const referer = refererFor(material.source.platform, material.refererOrigin);
  const assets: Asset[] = [];
  for (const image of material.images) {
    const key = dedupeKeyOf(image);
    if (seen.has(key)) continue;
    seen.add(key);
    assets.push(
      pendingAsset(
        {
          asset_id: newId(),
          product_id: productId,
          group_key: image.groupKey,
          group_name: image.groupName,
          variant_name: image.variantName,
          type: image.type,
          index: image.index,
          dedupe_key: key,
          source_url: originalImageUrl(image.url),
          referer,
        },
        now,
      ),
    );
  }
  return assets;
}
