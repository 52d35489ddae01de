import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import { readHead, withHead } from '../../../application/byte-streams.ts';
import { gatherUploadedImage } from '../../../application/image-uploads.ts';
import { type UploadAssetBytes, type UploadMeta } from '../../../application/use-cases/upload-asset-bytes.ts';
import { type UploadVideo } from '../../../application/use-cases/upload-video.ts';
import { invalid } from '../../../domain/common/errors.ts';
import { MAX_IMAGE_BYTES } from '../../../domain/media/image-format.ts';
import { sniffVideoFormat } from '../../../domain/media/video-format.ts';
import { withErrors } from '../schemas/common.ts';
import { UploadBytesParts, UploadBytesReply, UploadMetaSchema } from '../schemas/materials.ts';

/** docs/decisions.md, Images and uploads: the same 20 MB cap as image downloads. */
export const UPLOAD_FILE_LIMIT = MAX_IMAGE_BYTES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The `ftyp` box and its brand: enough to tell a video from a picture. */
const SNIFF_BYTES = 12;

export type MaterialUploadDeps = { readonly uploadAssetBytes: UploadAssetBytes; readonly uploadVideo: UploadVideo; readonly maxVideoBytes: number };

type UploadFields = { productId?: string; meta?: string; groupKey?: string };
type CheckedFields = { productId: string; meta: UploadMeta; groupKey?: 'upload' };

function checkFields(fields: UploadFields): CheckedFields {
  if (!fields.productId || !UUID.test(fields.productId))
    throw invalid('VALIDATION_FAILED', '缺少或无效的 product_id', [{ path: '/product_id', message: '商品编号缺失或格式不正确' }]);
  if (fields.groupKey !== undefined && fields.groupKey !== 'upload')
    throw invalid('VALIDATION_FAILED', 'group_key 只能是 upload', [{ path: '/group_key', message: '图片分组只能是 upload（上传）' }]);
  let meta: unknown = {};
  try {
    if (fields.meta?.trim()) meta = JSON.parse(fields.meta);
  } catch {
    throw invalid('VALIDATION_FAILED', 'meta 不是合法的 JSON', [{ path: '/meta', message: 'meta 不是合法的 JSON' }]);
  }
  if (!Value.Check(UploadMetaSchema, meta)) {
    const problems = [...Value.Errors(UploadMetaSchema, meta)].slice(0, 10).map((error) => ({ path: `/meta${error.path}`, message: error.message }));
    throw invalid('VALIDATION_FAILED', 'meta 字段不合法', problems);
  }
  return { productId: fields.productId, meta, ...(fields.groupKey ? { groupKey: 'upload' as const } : {}) };
}

/** The sender means a video: its declared type, or `meta.type` (a JPEG sent as a video is refused, not kept as a picture). */
function meantAsVideo(fields: UploadFields, file: MultipartFile): boolean {
  if (file.mimetype.startsWith('video/')) return true;
  try {
    return (JSON.parse(fields.meta ?? '{}') as { type?: unknown }).type === 'video';
  } catch {
    return false;
  }
}

/**
 * POST /api/materials/bytes: a picture (held, at most 20 MB, then normalised) or a video (streamed into storage,
 * at most MAX_VIDEO_BYTES). The first bytes decide; a video needs product_id and meta before the file, since it
 * is stored while it arrives.
 */
export const materialUploadRoutes =
  (deps: MaterialUploadDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(fastifyMultipart, {
      // The videos' cap, with room so that our own count (a Chinese 413 naming the cap) trips first.
      limits: {
        fileSize: Math.max(UPLOAD_FILE_LIMIT, deps.maxVideoBytes) + 1024 * 1024,
        files: 1,
        fields: 8,
        parts: 10,
        fieldSize: 64 * 1024,
        fieldNameSize: 100,
        headerPairs: 200,
      },
    });
    app.post(
      '/materials/bytes',
      {
        schema: {
          tags: ['intake'],
          summary: '上传图片或视频字节：立即存储（视频边收边存，最大 MAX_VIDEO_BYTES）',
          consumes: ['multipart/form-data'],
          body: UploadBytesParts,
          response: withErrors({ 201: UploadBytesReply }),
        },
        // The body schema documents the parts; they stream past validation and checkFields checks them.
        validatorCompiler: () => () => true,
      },
      async (request, reply) => {
        const fields: UploadFields = {};
        let image: Uint8Array | undefined;
        let video: { assetId: string; status: string } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw invalid('VALIDATION_FAILED', `未知的文件字段：${part.fieldname}`);
            const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
            const head = await readHead(chunks, SNIFF_BYTES);
            if (sniffVideoFormat(head) || meantAsVideo(fields, part)) {
              if (fields.productId === undefined)
                throw invalid('VIDEO_FIELDS_FIRST', '上传视频时 product_id 和 meta 要放在文件之前（视频边收边存）', [
                  { path: '/file', message: '请把文件放在表单最后' },
                ]);
              video = await deps.uploadVideo({ ...checkFields(fields), body: withHead(head, chunks) });
            } else image = await gatherUploadedImage(withHead(head, chunks));
          } else if (part.fieldname === 'product_id') fields.productId = String(part.value);
          else if (part.fieldname === 'meta') fields.meta = String(part.value);
          else if (part.fieldname === 'group_key') fields.groupKey = String(part.value);
        }
        if (video) return reply.status(201).send({ asset_id: video.assetId, status: video.status });
        const checked = checkFields(fields);
        if (!image) throw invalid('FILE_REQUIRED', '缺少图片文件（file）', [{ path: '/file', message: '请上传图片文件' }]);
        const result = await deps.uploadAssetBytes({ ...checked, bytes: image });
        return reply.status(201).send({ asset_id: result.assetId, status: result.status });
      },
    );
  };
