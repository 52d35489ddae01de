import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type CheckPublish } from '../../../application/publishing/check-publish.ts';
import { type GetPublishTask } from '../../../application/publishing/get-publish-task.ts';
import { type ListPublishHistory } from '../../../application/publishing/list-publish-history.ts';
import { type PublishMany } from '../../../application/publishing/publish-many.ts';
import { type PublishProduct } from '../../../application/publishing/publish-product.ts';
import { explainImportError } from '../../../domain/publishing/import-error-explanations.ts';
import { isSettling } from '../../../domain/publishing/publish-reconcile.ts';
import { type ImportError, type PublishTask } from '../../../domain/publishing/publish-task.ts';
import { IdParams, PageQuery, withErrors } from '../schemas/common.ts';
import {
  BulkPublishBody,
  BulkPublishReplyBody,
  PublishBody,
  PublishCheckBody,
  PublishHistoryBody,
  PublishTaskBody,
  PublishTaskViewBody,
  TaskParams,
} from '../schemas/publish.ts';
import { actorOf } from '../bearer.ts';

export type PublishRouteDeps = {
  readonly publishProduct: PublishProduct;
  readonly publishMany: PublishMany;
  readonly checkPublish: CheckPublish;
  readonly getPublishTask: GetPublishTask;
  readonly listPublishHistory: ListPublishHistory;
};

const explained = (errors: readonly ImportError[]) => errors.map((error) => ({ ...error, explanation: explainImportError(error.code) }));

const toTaskBody = (task: PublishTask) => ({
  task_id: task.task_id,
  product_id: task.product_id,
  variant_id: task.variant_id,
  shop_id: task.shop_id,
  offer_id: task.offer_id,
  operation: task.operation,
  status: task.status,
  settling: isSettling(task),
  marketplace_product_id: task.marketplace_product_id,
  errors: explained(task.errors),
  created_at: task.created_at,
  updated_at: task.updated_at,
  next_attempt_at: task.status === 'waiting_quota' ? task.next_poll_at : null,
});

const toItemBody = (task: PublishTask) => ({
  product_id: task.product_id,
  variant_id: task.variant_id,
  offer_id: task.offer_id,
  status: task.status,
  settling: isSettling(task),
  marketplace_product_id: task.marketplace_product_id,
  errors: explained(task.errors),
});

const tags = ['publish'];

/** Publishing ready products (one or up to 500), the pre-flight, and the records the background poller keeps up to date. */
export const publishRoutes =
  (deps: PublishRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/products/:id/publish',
      {
        schema: {
          tags,
          summary: '发布商品到平台（异步，返回任务；已发布的商品则更新同一商品卡）',
          description: '检查未通过 422 PUBLISH_CHECKS_FAILED（errors 与发布前检查相同）；超出额度时 202 且 status=waiting_quota。',
          params: IdParams,
          body: PublishBody,
          response: withErrors({ 202: PublishTaskBody }),
        },
      },
      async (request, reply) => {
        const record = await deps.publishProduct({ productId: request.params.id, shopId: request.body.shop_id, actor: actorOf(request) });
        return reply.status(202).send({ ...toTaskBody(record), existing: record.existing === true });
      },
    );

    app.post(
      '/products/:id/publish/check',
      {
        schema: {
          tags,
          summary: '发布前检查（与发布同一套检查，不发送任何内容）',
          description: '200 {ok, errors, warnings}；类目或类型在平台不存在时 422 CATEGORY_UNKNOWN；店铺未通过测试 409 SHOP_NOT_ACTIVE；平台不可达 502。',
          params: IdParams,
          body: PublishBody,
          response: withErrors({ 200: PublishCheckBody }),
        },
      },
      async (request) => {
        const { ok, errors, warnings } = await deps.checkPublish({ productId: request.params.id, shopId: request.body.shop_id });
        return { ok, errors: [...errors], warnings: [...warnings] };
      },
    );

    app.post(
      '/publish',
      {
        schema: {
          tags,
          summary: '批量发布（1–500 个商品，每个导入请求最多 100 个）',
          description:
            '202 {tasks, waiting, settling, refused}：tasks 为已发送的平台任务；waiting 为超出每日额度或被限流、到时自动发送的商品；settling 为其中发送后没有收到平台回复、正在向平台核对的商品；refused 为未通过检查的商品及原因。店铺未通过测试 409；平台不可达 502（不记录任何内容）。',
          body: BulkPublishBody,
          response: withErrors({ 202: BulkPublishReplyBody }),
        },
      },
      async (request, reply) => {
        const { tasks, waiting, settling, refused, products } = await deps.publishMany({
          shopId: request.body.shop_id,
          productIds: request.body.product_ids,
          actor: actorOf(request),
        });
        const refusals = refused.map(({ product_id, code, errors }) => ({ product_id, ...(code ? { code } : {}), errors: [...errors] }));
        return reply.status(202).send({ tasks, waiting, settling, refused: refusals, products });
      },
    );

    app.get(
      '/publish/:taskId',
      { schema: { tags, summary: '发布任务状态及其中每个商品（后台轮询写回）', params: TaskParams, response: withErrors({ 200: PublishTaskViewBody }) } },
      async (request) => {
        const { task, items } = await deps.getPublishTask(request.params.taskId);
        return { ...toTaskBody(task), items: items.map(toItemBody) };
      },
    );

    app.get(
      '/products/:id/publish-history',
      {
        schema: {
          tags,
          summary: '商品的发布记录（新的在前）',
          params: IdParams,
          querystring: Type.Object(PageQuery),
          response: withErrors({ 200: PublishHistoryBody }),
        },
      },
      async (request) => {
        const { total, items } = await deps.listPublishHistory({ page: request.query.page, pageSize: request.query.page_size, productId: request.params.id });
        return { total, items: items.map(toTaskBody) };
      },
    );
  };
