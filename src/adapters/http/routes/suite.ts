import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type makeEditImage } from '../../../application/use-cases/edit-image.ts';
import { type makeGenerateSuite } from '../../../application/use-cases/generate-suite.ts';
import { type makeGetSuite, type makeListProductSuites, type makeSuiteArchive, suiteArchiveEntries } from '../../../application/use-cases/get-suite.ts';
import { type makePlanSuite } from '../../../application/use-cases/plan-suite.ts';
import { Type } from '@sinclair/typebox';
import { FileAnswer, IdParams, withErrors } from '../schemas/common.ts';
import { attachmentHeader, zipStream } from '../zip-stream.ts';
import { EditedImageResponse, GenerateBody, PlanBody, PlanResponse, SuiteIdParams, SuiteIdResponse, SuiteImageEditBody, SuiteJobResponse, watermarkInput } from '../schemas/suite.ts';

export type SuiteRouteDeps = {
  readonly planSuite: ReturnType<typeof makePlanSuite>;
  readonly generateSuite: ReturnType<typeof makeGenerateSuite>;
  readonly getSuite: ReturnType<typeof makeGetSuite>;
  readonly suiteArchive: ReturnType<typeof makeSuiteArchive>;
  readonly listProductSuites: ReturnType<typeof makeListProductSuites>;
  readonly editImage: ReturnType<typeof makeEditImage>;
};

/** POST /suite/plan, POST /suite/generate, GET /suites/{id}, GET /suites/{id}/zip, GET /products/{id}/suites, POST /suite/image-edit. */
export const suiteRoutes =
  (deps: SuiteRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/suite/plan',
      { schema: { tags: ['suite'], summary: '规划套图（未配置文本模型时用规则规划）', body: PlanBody, response: withErrors({ 200: PlanResponse }) } },
      async (request) => {
        const body = request.body;
        return deps.planSuite({
          product_id: body.product_id ?? null,
          title: body.title ?? null,
          texts: body.texts,
          sku_variants: body.sku_variants,
          image_stats: body.image_stats,
          platform: body.platform,
          requirements: body.requirements ?? null,
          model: body.model ?? null,
        });
      },
    );

    app.post(
      '/suite/generate',
      { schema: { tags: ['suite'], summary: '按计划生成套图（全局串行队列，立即返回任务 id）', body: GenerateBody, response: withErrors({ 202: SuiteIdResponse }) } },
      async (request, reply) => {
        const body = request.body;
        const result = await deps.generateSuite({
          product_id: body.product_id,
          texts: body.texts,
          images: body.images.map((image) => ({ ...image, variant_name: image.variant_name ?? null })),
          style_set: body.style_set,
          style_prompt: body.style_prompt ?? null,
          requirements: body.requirements ?? null,
          plan: body.plan,
          platform: body.platform,
          model: body.model ?? null,
          watermark: watermarkInput(body.watermark),
        });
        return reply.status(202).send(result);
      },
    );

    app.get(
      '/suites/:id',
      { schema: { tags: ['suite'], summary: '套图任务进度（每 3 秒轮询）', params: SuiteIdParams, response: withErrors({ 200: SuiteJobResponse }) } },
      async (request) => {
        const job = await deps.getSuite(request.params.id);
        return { ...job, images: [...job.images] };
      },
    );

    app.get(
      '/products/:id/suites',
      {
        schema: { tags: ['suite'], summary: '商品的套图任务（新的在前，最多 50 个）', params: IdParams, response: withErrors({ 200: Type.Object({ items: Type.Array(SuiteJobResponse) }) }) },
      },
      async (request) => {
        const jobs = await deps.listProductSuites(request.params.id);
        return { items: jobs.map((job) => ({ ...job, images: [...job.images] })) };
      },
    );

    app.get(
      '/suites/:id/zip',
      {
        schema: {
          tags: ['suite'],
          summary: '下载套图 zip（任务完成后）',
          params: SuiteIdParams,
          response: withErrors({ 200: FileAnswer<NodeJS.ReadableStream>('application/zip', '套图 zip') }),
        },
      },
      async (request, reply) => {
        const archive = await deps.suiteArchive(request.params.id);
        const stream = zipStream(suiteArchiveEntries(archive), (error) => request.log.error({ err: error }, 'suite zip failed'));
        return reply.type('application/zip').header('content-disposition', attachmentHeader(archive.fileName, archive.fileName)).send(stream);
      },
    );

    app.post(
      '/suite/image-edit',
      {
        schema: { tags: ['suite'], summary: '单图 AI 修改（同步，可能需要数分钟）', body: SuiteImageEditBody, response: withErrors({ 200: EditedImageResponse }) },
      },
      async (request) => {
        const body = request.body;
        return deps.editImage({ product_id: body.product_id, image_url: body.image_url, operation: 'custom', prompt: body.prompt, text: null, model: body.model ?? null, append: body.append });
      },
    );
  };
