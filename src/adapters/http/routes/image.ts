import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type EditImage } from '../../../application/use-cases/edit-image.ts';
import { type LegacyImageSuite } from '../../../application/use-cases/legacy-image-suite.ts';
import { type TranslateImages } from '../../../application/use-cases/translate-images.ts';
import { withErrors } from '../schemas/common.ts';
import { ImageEditBody, JobIdResponse, LegacySuiteBody, TranslateBody } from '../schemas/image.ts';
import { EditedImageResponse, SuiteIdResponse, watermarkInput } from '../schemas/suite.ts';

export type ImageRouteDeps = {
  readonly editImage: EditImage;
  readonly legacyImageSuite: LegacyImageSuite;
  readonly translateImages: TranslateImages;
};

/** POST /image/edit, POST /image/translate and the earlier POST /image/suite (all on the global generation queue). */
export const imageRoutes =
  (deps: ImageRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/image/edit',
      {
        schema: {
          tags: ['image'],
          summary: '单图编辑：换背景、去水印、局部重绘、文字叠加',
          body: ImageEditBody,
          response: withErrors({ 200: EditedImageResponse }),
        },
      },
      async (request) => {
        const body = request.body;
        return deps.editImage({
          productId: body.product_id ?? null,
          imageUrl: body.image_url,
          operation: body.operation,
          prompt: body.prompt,
          text: body.text ?? null,
          model: body.model ?? null,
          append: body.append,
        });
      },
    );

    app.post(
      '/image/suite',
      { schema: { tags: ['image'], summary: '（旧接口）原图 + 卖点生成套图', body: LegacySuiteBody, response: withErrors({ 202: SuiteIdResponse }) } },
      async (request, reply) => {
        const body = request.body;
        const result = await deps.legacyImageSuite({
          productId: body.product_id,
          imageUrl: body.image_url,
          sellingPoints: body.selling_points,
          model: body.model ?? null,
          watermark: watermarkInput(body.watermark),
        });
        return reply.status(202).send(result);
      },
    );

    app.post(
      '/image/translate',
      {
        schema: {
          tags: ['image'],
          summary: '图片文字翻译：把图中中文换成俄文、保持版式，结果追加到“图片翻译”分组（后台任务）',
          body: TranslateBody,
          response: withErrors({ 202: JobIdResponse }),
        },
      },
      async (request, reply) => {
        const body = request.body;
        return reply.status(202).send(await deps.translateImages({ productId: body.product_id, assetIds: body.asset_ids, model: body.model ?? null }));
      },
    );
  };
