import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ListPublishQueue, type WithdrawFromQueue } from '../../../application/publishing/publish-queue.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { PublishQueueBody, WithdrawnBody } from '../schemas/publish-queue.ts';

export type PublishQueueRouteDeps = { readonly listPublishQueue: ListPublishQueue; readonly withdrawFromQueue: WithdrawFromQueue };

/** The publish queue (issue 32 item 7): what waits for the quota or a retry, in order, and taking a product out. */
export const publishQueueRoutes =
  (deps: PublishQueueRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/publish/queue',
      {
        schema: {
          tags: ['publish'],
          summary: '发布队列：等待配额或重试的商品，按发送顺序，按卡片计数',
          description: '每件商品一行（有款式的商品每个启用的款式是一张卡片，各占 1 个配额）；goes_at 为预计发送时间；最多列出 5000 张卡片。',
          response: withErrors({ 200: PublishQueueBody }),
        },
      },
      async () => deps.listPublishQueue(),
    );

    app.delete(
      '/publish/queue/:id',
      {
        schema: {
          tags: ['publish'],
          summary: '把商品移出发布队列（不发送）',
          description:
            '该商品在队列中的卡片都记为失败（原因：卖家已移出发布队列），发布记录保留；不在队列中时 removed 为 0。马上要发送或正在核对 409 PUBLISH_QUEUE_LEAVING。',
          params: IdParams,
          response: withErrors({ 200: WithdrawnBody }),
        },
      },
      async (request) => deps.withdrawFromQueue({ productId: request.params.id }),
    );
  };
