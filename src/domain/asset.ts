export const ASSET_GROUPS = ['main', 'sku', 'detail', 'upload', 'generated'] as const;
export type AssetGroup = (typeof ASSET_GROUPS)[number];
export const isAssetGroup = (value: string): value is AssetGroup => (ASSET_GROUPS as readonly string[]).includes(value);

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
  readonly created_at: string;
  readonly updated_at: string;
};
