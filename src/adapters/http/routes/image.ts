import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type makeEditImage } from '../../../application/use-cases/edit-image.ts';
import { type makeLegacyImageSuite } from '../../../application/use-cases/legacy-image-suite.ts';
import { withErrors } from '../schemas/common.ts';
import { ImageEditBody, LegacySuiteBody } from '../schemas/image.ts';
import { EditedImageResponse, SuiteIdResponse, watermarkInput } from '../schemas/suite.ts';

export type ImageRouteDeps = {
  readonly editImage: ReturnType<typeof makeEditImage>;
  readonly legacyImageSuite: ReturnType<typeof makeLegacyImageSuite>;
};

/** POST /image/edit and the earlier POST /image/suite (both on the global generation queue). */
export const imageRoutes =
  (deps: ImageRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/image/edit',
      { schema: { tags: ['image'], summary: '单图编辑：换背景、去水印、局部重绘、文字叠加', body: ImageEditBody, response: withErrors({ 200: EditedImageResponse }) } },
      async (request) => {
        const body = request.body;
        return deps.editImage({
          product_id: body.product_id ?? null,
          image_url: body.image_url,
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
          product_id: body.product_id,
          image_url: body.image_url,
          selling_points: body.selling_points,
          model: body.model ?? null,
          watermark: watermarkInput(body.watermark),
        });
        return reply.status(202).send(result);
      },
    );
  };
