import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type EditImage } from '../../../application/use-cases/edit-image.ts';
import { type GenerateSuite } from '../../../application/use-cases/generate-suite.ts';
import { type GetSuite } from '../../../application/use-cases/get-suite.ts';
import { type GetSuiteArchive, suiteArchiveEntries } from '../../../application/use-cases/get-suite-archive.ts';
import { type ListProductSuites } from '../../../application/use-cases/list-product-suites.ts';
import { type PlanSuite } from '../../../application/use-cases/plan-suite.ts';
import { Type } from '@sinclair/typebox';
import { FileAnswer, IdParams, withErrors } from '../schemas/common.ts';
import { attachmentHeader, zipStream } from '../zip-stream.ts';
import {
  EditedImageResponse,
  GenerateBody,
  PlanBody,
  PlanResponse,
  SuiteIdParams,
  SuiteIdResponse,
  SuiteImageEditBody,
  SuiteJobResponse,
  watermarkInput,
} from '../schemas/suite.ts';

export type SuiteRouteDeps = {
  readonly planSuite: PlanSuite;
  readonly generateSuite: GenerateSuite;
  readonly getSuite: GetSuite;
  readonly getSuiteArchive: GetSuiteArchive;
  readonly listProductSuites: ListProductSuites;
  readonly editImage: EditImage;
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
          productId: body.product_id ?? null,
          title: body.title ?? null,
          texts: body.texts,
          skuVariants: body.sku_variants,
          imageStats: body.image_stats,
          platform: body.platform,
          requirements: body.requirements ?? null,
          model: body.model ?? null,
        });
      },
    );

    app.post(
      '/suite/generate',
      {
        schema: {
          tags: ['suite'],
          summary: '按计划生成套图（全局串行队列，立即返回任务 id）',
          body: GenerateBody,
          response: withErrors({ 202: SuiteIdResponse }),
        },
      },
      async (request, reply) => {
        const body = request.body;
        const result = await deps.generateSuite({
          productId: body.product_id,
          texts: body.texts,
          images: body.images.map((image) => ({ ...image, variant_name: image.variant_name ?? null })),
          styleSet: body.style_set,
          stylePrompt: body.style_prompt ?? null,
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
        schema: {
          tags: ['suite'],
          summary: '商品的套图任务（新的在前，最多 50 个）',
          params: IdParams,
          response: withErrors({ 200: Type.Object({ items: Type.Array(SuiteJobResponse) }) }),
        },
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
        const archive = await deps.getSuiteArchive(request.params.id);
        const stream = zipStream(suiteArchiveEntries(archive), (error) => request.log.error({ err: error }, 'suite zip failed'));
        return reply.type('application/zip').header('content-disposition', attachmentHeader(archive.fileName, archive.fileName)).send(stream);
      },
    );

    app.post(
      '/suite/image-edit',
      {
        schema: {
          tags: ['suite'],
          summary: '单图 AI 修改（同步，可能需要数分钟）',
          body: SuiteImageEditBody,
          response: withErrors({ 200: EditedImageResponse }),
        },
      },
      async (request) => {
        const body = request.body;
        return deps.editImage({
          productId: body.product_id,
          imageUrl: body.image_url,
          operation: 'custom',
          prompt: body.prompt,
          text: null,
          model: body.model ?? null,
          append: body.append,
        });
      },
    );
  };
