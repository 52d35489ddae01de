import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type CheckPublish } from '../../../application/use-cases/check-publish.ts';
import { type GetPublishTask } from '../../../application/use-cases/get-publish-task.ts';
import { type ListPublishHistory } from '../../../application/use-cases/list-publish-history.ts';
import { type PublishProduct } from '../../../application/use-cases/publish-product.ts';
import { type PublishTask } from '../../../domain/publish-task.ts';
import { IdParams, PageQuery, withErrors } from '../schemas/common.ts';
import { PublishBody, PublishCheckBody, PublishHistoryBody, PublishTaskBody, TaskParams } from '../schemas/publish.ts';

export type PublishRouteDeps = {
  readonly publishProduct: PublishProduct;
  readonly checkPublish: CheckPublish;
  readonly getPublishTask: GetPublishTask;
  readonly listPublishHistory: ListPublishHistory;
};

const toTaskBody = (task: PublishTask) => ({
  task_id: task.task_id,
  product_id: task.product_id,
  shop_id: task.shop_id,
  offer_id: task.offer_id,
  status: task.status,
  marketplace_product_id: task.marketplace_product_id,
  errors: [...task.errors],
  created_at: task.created_at,
  updated_at: task.updated_at,
});

const tags = ['publish'];

/** Publishing a ready product and reading the task the background poller keeps up to date. */
export const publishRoutes =
  (deps: PublishRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/products/:id/publish',
      { schema: { tags, summary: '发布商品到平台（异步，返回任务）', params: IdParams, body: PublishBody, response: withErrors({ 202: PublishTaskBody }) } },
      async (request, reply) => reply.status(202).send(toTaskBody(await deps.publishProduct({ productId: request.params.id, shopId: request.body.shop_id }))),
    );

    app.post(
      '/products/:id/publish/check',
      {
        schema: {
          tags,
          summary: '发布前检查（与发布同一套检查，不发送任何内容）',
          description: '200 {ok, errors}；类目或类型在平台不存在时 422 CATEGORY_UNKNOWN；店铺未通过测试 409 SHOP_NOT_ACTIVE；平台不可达 502。',
          params: IdParams,
          body: PublishBody,
          response: withErrors({ 200: PublishCheckBody }),
        },
      },
      async (request) => {
        const { ok, errors } = await deps.checkPublish({ productId: request.params.id, shopId: request.body.shop_id });
        return { ok, errors: [...errors] };
      },
    );

    app.get(
      '/publish/:taskId',
      { schema: { tags, summary: '发布任务状态（后台轮询写回）', params: TaskParams, response: withErrors({ 200: PublishTaskBody }) } },
      async (request) => toTaskBody(await deps.getPublishTask(request.params.taskId)),
    );

    app.get(
      '/products/:id/publish-history',
      { schema: { tags, summary: '商品的发布记录（新的在前）', params: IdParams, querystring: Type.Object(PageQuery), response: withErrors({ 200: PublishHistoryBody }) } },
      async (request) => {
        const { total, items } = await deps.listPublishHistory({ productId: request.params.id, page: request.query.page, pageSize: request.query.page_size });
        return { total, items: items.map(toTaskBody) };
      },
    );
  };
