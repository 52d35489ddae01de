import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ModelCatalog } from '../../../application/ports/model-catalog.ts';
import { type ApplyCopy } from '../../../application/use-cases/apply-copy.ts';
import { type WriteCopy } from '../../../application/use-cases/write-copy.ts';
import { AppliedProduct, ApplyCopyHeaders, CopyBody, CopyResponse, ModelsResponse } from '../schemas/ai.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { actorOf } from '../bearer.ts';

export type AiRouteDeps = {
  readonly modelCatalog: ModelCatalog;
  readonly writeCopy: WriteCopy;
  readonly applyCopy: ApplyCopy;
};

/** GET /ai/models, POST /ai/copy, POST /products/{id}/copy/apply. */
export const aiRoutes =
  (deps: AiRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/ai/models', { schema: { tags: ['ai'], summary: '可用模型目录', response: withErrors({ 200: ModelsResponse }) } }, async () => ({
      models: deps.modelCatalog.list(),
    }));

    app.post(
      '/ai/copy',
      { schema: { tags: ['ai'], summary: '根据中文采购信息生成俄文标题、描述和标签', body: CopyBody, response: withErrors({ 200: CopyResponse }) } },
      async (request) => {
        const body = request.body;
        return deps.writeCopy({
          productId: body.product_id ?? null,
          title: body.title,
          texts: body.texts ?? [],
          attributes: body.attributes ?? {},
          skuVariants: body.sku_variants ?? [],
          keywords: body.keywords ?? [],
          model: body.model ?? null,
          requirements: body.requirements ?? null,
          actor: actorOf(request),
        });
      },
    );

    app.post(
      '/products/:id/copy/apply',
      {
        schema: {
          tags: ['ai'],
          summary: '确认生成的文案：写入商品名称和描述',
          params: IdParams,
          headers: ApplyCopyHeaders,
          response: withErrors({ 200: AppliedProduct }),
        },
      },
      async (request) => {
        const ifMatch = request.headers['if-match'];
        const product = await deps.applyCopy({
          productId: request.params.id,
          expectedVersion: ifMatch ? Number(ifMatch.replace(/"/g, '')) : undefined,
          actor: actorOf(request),
        });
        return {
          id: product.id,
          version: product.version,
          stage: product.stage,
          name: product.name,
          description: product.description,
          copy: product.copy,
          updated_at: product.updated_at,
        };
      },
    );
  };
