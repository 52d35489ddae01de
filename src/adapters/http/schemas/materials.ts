import { Type, type Static } from '@sinclair/typebox';
import { literals } from './common.ts';
import { PLATFORMS } from '../../../domain/common/platform.ts';
import { STAGES } from '../../../domain/catalog/product.ts';
import { HttpUrl, Uuid } from './common.ts';
import { MaterialSkus } from './variants.ts';

/** Largest POST /materials body: hundreds of image addresses and long detail texts fit well below it. */
export const MATERIALS_BODY_LIMIT = 2 * 1024 * 1024;

/** A string that must be one of `values`, typed as their union. */
const ImageUrl = Type.String({ minLength: 3, maxLength: 4096, pattern: '^\\s*(https?:)?//', description: 'http(s) 或 // 开头的原图地址' });

export const MaterialText = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 32, description: 'title, price, params, selling_point, desc, brand, sales, shop' }),
  content: Type.String({ maxLength: 20_000 }),
  pairs: Type.Optional(Type.Array(Type.Object({ key: Type.String({ maxLength: 500 }), value: Type.String({ maxLength: 5_000 }) }), { maxItems: 500 })),
});

export const MaterialImage = Type.Object({
  groupKey: literals(['main', 'sku', 'detail'] as const),
  groupName: Type.String({ maxLength: 100 }),
  variantName: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
  url: ImageUrl,
  index: Type.Integer({ minimum: 0, maximum: 100_000 }),
  type: Type.String({
    minLength: 1,
    maxLength: 32,
    description: '图片为 img 等；"video" 表示视频：按字节识别 MP4/MOV，最大 MAX_VIDEO_BYTES，原样保存，发布时作复合属性 100001',
  }),
  dedupeKey: Type.String({ maxLength: 1024 }),
});

export const MaterialsBody = Type.Object({
  product: Type.Object({ id: Type.Union([Uuid, Type.Null()]) }),
  source: Type.Object({
    platform: literals(PLATFORMS),
    itemId: Type.String({ minLength: 1, maxLength: 128 }),
    url: HttpUrl(4096, { description: '采集页面的 http(s) 地址' }),
    collectedAt: Type.Integer({ minimum: 0 }),
  }),
  texts: Type.Array(MaterialText, { maxItems: 500 }),
  images: Type.Array(MaterialImage, { maxItems: 500 }),
  skus: Type.Optional(MaterialSkus),
  refererOrigin: Type.Optional(HttpUrl(512, { description: '采集页面的来源（http(s)），下载原图时作 Referer' })),
});
export type MaterialsBody = Static<typeof MaterialsBody>;

export const MaterialsReply = Type.Object({
  product: Type.Object({ id: Type.String(), stage: literals(STAGES) }),
  product_id: Type.String(),
  assetsQueued: Type.Integer(),
});

/** The `meta` part of POST /materials/bytes (JSON text). */
export const UploadMetaSchema = Type.Object({
  groupKey: Type.Optional(literals(['main', 'sku', 'detail', 'upload'] as const)),
  groupName: Type.Optional(Type.String({ maxLength: 100 })),
  variantName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  dedupeKey: Type.Optional(Type.String({ maxLength: 1024 })),
  url: Type.Optional(HttpUrl(4096, { allowEmpty: true, description: '图片原地址（http(s)）' })),
});

/**
 * The parts of POST /materials/bytes, for the OpenAPI document only: @fastify/multipart streams them, and
 * `checkFields` (routes/material-uploads.ts) checks them (a JSON schema cannot check a part holding JSON text).
 */
export const UploadBytesParts = Type.Object({
  product_id: Type.String({ format: 'uuid', description: '商品 id' }),
  meta: Type.String({ description: 'JSON 文本：groupKey、groupName、variantName、index、type（视频为 video）、dedupeKey、url' }),
  file: Type.String({
    format: 'binary',
    description: '图片字节（JPEG、PNG、WebP 或 GIF，最大 20 MB）或视频（MP4/MOV，8 秒到 5 分钟，最大 MAX_VIDEO_BYTES；放在 product_id 和 meta 之后）',
  }),
  group_key: Type.Optional(Type.String({ description: '试算页上传时为 upload' })),
});

export const UploadBytesReply = Type.Object({ asset_id: Type.String(), status: Type.String() });

export const FingerprintsReply = Type.Object({ fingerprints: Type.Array(Type.String()) });

export const CollectedQuery = Type.Object({
  platform: literals(PLATFORMS),
  itemId: Type.String({ minLength: 1, maxLength: 128 }),
});
export const CollectedReply = Type.Object({ collected: Type.Boolean(), count: Type.Integer(), product_ids: Type.Array(Type.String()) });
