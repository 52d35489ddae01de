import fastifyMultipart from '@fastify/multipart';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import { type CollectMaterials } from '../../../application/use-cases/collect-materials.ts';
import { type FindCollected } from '../../../application/use-cases/find-collected.ts';
import { type ListFingerprints } from '../../../application/use-cases/list-fingerprints.ts';
import { type UploadAssetBytes, type UploadMeta } from '../../../application/use-cases/upload-asset-bytes.ts';
import { invalid } from '../../../domain/errors.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import {
  CollectedQuery,
  CollectedReply,
  FingerprintsReply,
  MATERIALS_BODY_LIMIT,
  MaterialsBody,
  MaterialsReply,
  UploadBytesParts,
  UploadBytesReply,
  UploadMetaSchema,
} from '../schemas/materials.ts';

export type MaterialRouteDeps = {
  readonly collectMaterials: CollectMaterials;
  readonly uploadAssetBytes: UploadAssetBytes;
  readonly listFingerprints: ListFingerprints;
  readonly findCollected: FindCollected;
};

/** DECISIONS §5: the same 20 MB cap as downloads. */
export const UPLOAD_FILE_LIMIT = 20 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tags = ['intake'];

type UploadParts = { productId?: string; meta?: string; groupKey?: string; file?: Buffer };

function parseUploadParts(parts: UploadParts): { productId: string; meta: UploadMeta; groupKey?: 'upload'; file: Buffer } {
  if (!parts.productId || !UUID.test(parts.productId)) throw invalid('VALIDATION_FAILED', '缺少或无效的 product_id', [{ path: '/product_id', message: '商品编号缺失或格式不正确' }]);
  if (!parts.file) throw invalid('FILE_REQUIRED', '缺少图片文件（file）', [{ path: '/file', message: '请上传图片文件' }]);
  if (parts.groupKey !== undefined && parts.groupKey !== 'upload') throw invalid('VALIDATION_FAILED', 'group_key 只能是 upload', [{ path: '/group_key', message: '图片分组只能是 upload（上传）' }]);
  let meta: unknown = {};
  try {
    if (parts.meta?.trim()) meta = JSON.parse(parts.meta);
  } catch {
    throw invalid('VALIDATION_FAILED', 'meta 不是合法的 JSON', [{ path: '/meta', message: 'meta 不是合法的 JSON' }]);
  }
  if (!Value.Check(UploadMetaSchema, meta)) {
    const problems = [...Value.Errors(UploadMetaSchema, meta)].slice(0, 10).map((error) => ({ path: `/meta${error.path}`, message: error.message }));
    throw invalid('VALIDATION_FAILED', 'meta 字段不合法', problems);
  }
  return { productId: parts.productId, meta, file: parts.file, ...(parts.groupKey ? { groupKey: 'upload' as const } : {}) };
}

/** /api/materials (collect from the extension), the byte fallback, fingerprints and the collected badge. */
export const materialRoutes =
  (deps: MaterialRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/materials',
      {
        bodyLimit: MATERIALS_BODY_LIMIT,
        schema: { tags, summary: '采集素材：新建商品或追加来源（不等待图片下载）', body: MaterialsBody, response: withErrors({ 200: MaterialsReply, 201: MaterialsReply }) },
      },
      async (request, reply) => {
        const { product: target, refererOrigin, ...material } = request.body;
        const result = await deps.collectMaterials({ productId: target.id, material: { ...material, refererOrigin } });
        return reply.status(target.id === null ? 201 : 200).send({ product: result.product, product_id: result.product.id, assetsQueued: result.assetsQueued });
      },
    );

    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, {
        limits: { fileSize: UPLOAD_FILE_LIMIT, files: 1, fields: 8, parts: 10, fieldSize: 64 * 1024, fieldNameSize: 100, headerPairs: 200 },
      });
      uploads.post(
        '/materials/bytes',
        {
          schema: {
            tags,
            summary: '上传图片字节（需登录才能下载的源图）：立即存储',
            consumes: ['multipart/form-data'],
            body: UploadBytesParts,
            response: withErrors({ 201: UploadBytesReply }),
          },
          // The body schema documents the parts; they stream past validation and parseUploadParts checks them.
          validatorCompiler: () => () => true,
        },
        async (request, reply) => {
          const parts: UploadParts = {};
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file') throw invalid('VALIDATION_FAILED', `未知的文件字段：${part.fieldname}`);
              parts.file = await part.toBuffer();
            } else if (part.fieldname === 'product_id') parts.productId = String(part.value);
            else if (part.fieldname === 'meta') parts.meta = String(part.value);
            else if (part.fieldname === 'group_key') parts.groupKey = String(part.value);
          }
          const { productId, meta, groupKey, file } = parseUploadParts(parts);
          const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
          const result = await deps.uploadAssetBytes({ productId, meta, groupKey, bytes });
          return reply.status(201).send({ asset_id: result.assetId, status: result.status });
        },
      );
    });

    app.get(
      '/products/:id/fingerprints',
      { schema: { tags, summary: '商品已采集图片的 dedupeKey 列表', params: IdParams, response: withErrors({ 200: FingerprintsReply }) } },
      async (request) => ({ fingerprints: await deps.listFingerprints(request.params.id) }),
    );

    app.get(
      '/collected',
      { schema: { tags, summary: '某平台商品是否已采集', querystring: CollectedQuery, response: withErrors({ 200: CollectedReply }) } },
      async (request) => {
        const result = await deps.findCollected({ platform: request.query.platform, itemId: request.query.itemId });
        return { collected: result.collected, count: result.count, product_ids: result.productIds };
      },
    );
  };
