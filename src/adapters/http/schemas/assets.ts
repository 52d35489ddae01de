import { Type } from '@sinclair/typebox';
import { ASSET_GROUPS, ASSET_STATUSES, MAX_ASSETS_PER_PRODUCT } from '../../../domain/media/asset.ts';
import { type Asset } from '../../../domain/media/asset.ts';
import { Uuid, literals, nullable } from './common.ts';

/** One asset as clients see it (with the extra fields of docs/decisions.md, Intake and assets). */
export const AssetBody = Type.Object(
  {
    asset_id: Type.String(),
    product_id: Type.String(),
    group_key: literals(ASSET_GROUPS),
    group_name: Type.String(),
    variant_name: nullable(Type.String()),
    type: Type.String(),
    index: Type.Integer(),
    dedupe_key: Type.String(),
    source_url: Type.String(),
    stored_url: Type.String(),
    status: literals(ASSET_STATUSES),
    error: nullable(Type.String()),
    attempts: Type.Integer(),
    content_type: nullable(Type.String()),
    bytes: nullable(Type.Integer()),
    width: nullable(Type.Integer()),
    height: nullable(Type.Integer()),
    sha256: nullable(Type.String()),
    /** Videos (docs/decisions.md, Videos): the duration read from the file, in milliseconds. */
    duration_ms: Type.Optional(nullable(Type.Integer())),
    /** Videos: true on the product's video cover (complex attribute 100002); absent on every other asset. */
    video_cover: Type.Optional(Type.Boolean()),
    /** Translated pictures: the asset whose text this one carries in Russian (rich content uses it in that picture's place). */
    translated_from: Type.Optional(nullable(Type.String({ description: '图片翻译：由哪张图片（asset_id）翻译而来；富文本用它代替原图' }))),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Asset' },
);

/** The asset without the adapter-only Referer. */
export const assetToBody = ({ referer: _referer, ...asset }: Asset) => asset;

/** Paging of a product's assets; the default page holds all of them (at most the per-product cap), as before paging. */
export const AssetPageQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    page_size: Type.Integer({ minimum: 1, maximum: MAX_ASSETS_PER_PRODUCT, default: MAX_ASSETS_PER_PRODUCT }),
  },
  { additionalProperties: false },
);

export const AssetListReply = Type.Object({ total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer(), items: Type.Array(AssetBody) });
export const RetryReply = Type.Object({ requeued: Type.Integer() });
/** `asset_id` retries only that asset (a failed video's own button); without it every failed download of the product. */
export const RetryQuery = Type.Object({ asset_id: Type.Optional(Uuid) }, { additionalProperties: false });

export const AssetParams = Type.Object({ id: Uuid, asset_id: Uuid });
export const VideoCoverBody = Type.Object(
  { asset_id: Type.Union([Type.Null(), Uuid], { description: '设为封面的视频（已保存）；null 取消封面' }) },
  { additionalProperties: false },
);
export const VideoCoverReply = Type.Object({ product_id: Uuid, cover_asset_id: nullable(Uuid) });
