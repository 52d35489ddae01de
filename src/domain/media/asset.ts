import { conflict } from '../common/errors.ts';

export const ASSET_GROUPS = ['main', 'sku', 'detail', 'upload', 'generated', 'translated'] as const;
export type AssetGroup = (typeof ASSET_GROUPS)[number];

/** `pending` → `downloading` → `stored` | `failed`; uploads and generated images are `stored` at once. */
export const ASSET_STATUSES = ['pending', 'downloading', 'stored', 'failed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** One image of a product: where it came from, and where we keep our copy once transferred. */
export type Asset = {
  readonly asset_id: string;
  readonly product_id: string;
  readonly group_key: AssetGroup;
  readonly group_name: string;
  readonly variant_name: string | null;
  readonly type: string;
  readonly index: number;
  readonly dedupe_key: string;
  readonly source_url: string;
  /** The Referer the download sends (the collecting page's origin); empty for uploads. */
  readonly referer: string;
  readonly stored_url: string;
  readonly status: AssetStatus;
  readonly error: string | null;
  readonly attempts: number;
  readonly content_type: string | null;
  readonly bytes: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly sha256: string | null;
  /** Videos only: the duration read from the file (docs/decisions.md, Videos); absent or null for images. */
  readonly duration_ms?: number | null;
  /** Videos only: the one the seller chose as the product's video cover (complex attribute 100002); absent otherwise. */
  readonly video_cover?: boolean;
  /** Translated pictures only (group `translated`): the picture whose text this one carries in Russian; absent otherwise. */
  readonly translated_from?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** What an asset is made from: its place in the product and where its image came from. */
export type AssetOrigin = Pick<
  Asset,
  'asset_id' | 'product_id' | 'group_key' | 'group_name' | 'variant_name' | 'type' | 'index' | 'dedupe_key' | 'source_url' | 'referer'
>;

/** What is known of an image once its bytes are kept in the object store. */
export type KeptImage = {
  readonly url: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly sha256: string;
};

/**
 * A new asset waiting for its download: nothing stored or measured yet. Written out field by field: a collected
 * page makes 30 of these per request, and object spread cost ten times more.
 */
export function pendingAsset(origin: AssetOrigin, now: string): Asset {
  return {
    asset_id: origin.asset_id,
    product_id: origin.product_id,
    group_key: origin.group_key,
    group_name: origin.group_name,
    variant_name: origin.variant_name,
    type: origin.type,
    index: origin.index,
    dedupe_key: origin.dedupe_key,
    source_url: origin.source_url,
    referer: origin.referer,
    stored_url: '',
    status: 'pending',
    error: null,
    attempts: 0,
    content_type: null,
    bytes: null,
    width: null,
    height: null,
    sha256: null,
    created_at: now,
    updated_at: now,
  };
}

/** The asset with its bytes kept at `image.url`. */
export function storedAsset(asset: Asset, image: KeptImage, now: string): Asset {
  return {
    ...asset,
    status: 'stored',
    stored_url: image.url,
    error: null,
    content_type: image.contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
    updated_at: now,
  };
}

/**
 * Most assets one product may have. A real listing has at most ~50 images on the marketplace and a collected page
 * brings up to a few hundred; a product grown to 10 500 assets made a 5.2 MB detail answer.
 */
export const MAX_ASSETS_PER_PRODUCT = 600;

/** Refuses adding `adding` assets to a product that has `existing` when the sum would pass the cap. */
export function checkAssetRoom(existing: number, adding: number): void {
  if (adding > 0 && existing + adding > MAX_ASSETS_PER_PRODUCT) {
    throw conflict(
      'TOO_MANY_ASSETS',
      `每个商品最多 ${MAX_ASSETS_PER_PRODUCT} 张图片：已有 ${existing} 张，本次新增 ${adding} 张。请先删除不需要的图片或新建商品`,
    );
  }
}
