import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type ListNotifications, type MarkNotificationsRead } from '../../../application/notifications/notification-inbox.ts';
import { type ManageWebhooks, type WebhookView } from '../../../application/notifications/manage-webhooks.ts';
import { type Notification } from '../../../domain/notifications/notification.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import {
  CreateWebhookBody,
  MarkReadAnswer,
  MarkReadBody,
  NotificationListBody,
  NotificationListQuery,
  WebhookBody,
  WebhookListBody,
  WebhookParams,
  WebhookTestAnswer,
} from '../schemas/notifications.ts';

export type NotificationRouteDeps = {
  readonly listNotifications: ListNotifications;
  readonly markNotificationsRead: MarkNotificationsRead;
  readonly manageWebhooks: ManageWebhooks;
};

const toNotificationBody = (item: Notification) => ({
  id: item.id,
  at: item.at,
  kind: item.kind,
  shop_id: item.shop_id,
  ...(item.product_id ? { product_id: item.product_id } : {}),
  ...(item.variant_id ? { variant_id: item.variant_id } : {}),
  title: item.title,
  detail: item.detail,
  read: item.read,
});

/** Only these fields leave the service: the sealed URL and secret stay inside. */
const toWebhookBody = (webhook: WebhookView) => ({
  id: webhook.id,
  shop_id: webhook.shop_id,
  kind: webhook.kind,
  url_masked: webhook.url_masked,
  has_secret: webhook.secret_sealed !== null,
  kinds: [...webhook.kinds],
  created_at: webhook.created_at,
  waiting: webhook.waiting,
  last_sent_at: webhook.last_sent_at,
  last_error: webhook.last_error,
});

/** /api/notifications (the page's bell) and /api/shops/{id}/webhooks (the shops' group robots, admins only). */
export const notificationRoutes =
  (deps: NotificationRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['notifications'];
    app.get(
      '/notifications',
      {
        schema: { tags, summary: '提醒列表（最新在前，可只列未读）', querystring: NotificationListQuery, response: withErrors({ 200: NotificationListBody }) },
      },
      async (request) => {
        const { page, page_size, unread } = request.query;
        const result = await deps.listNotifications({ page, pageSize: page_size, unread });
        return { total: result.total, unread: result.unread, items: result.items.map(toNotificationBody) };
      },
    );

    app.post(
      '/notifications/read',
      { schema: { tags, summary: '标为已读（ids 或 all）', body: MarkReadBody, response: withErrors({ 200: MarkReadAnswer }) } },
      async (request) => deps.markNotificationsRead(request.body),
    );

    app.get(
      '/shops/:id/webhooks',
      {
        config: { role: 'admin' },
        schema: { tags, summary: '店铺的群机器人（地址已脱敏）', params: IdParams, response: withErrors({ 200: WebhookListBody }) },
      },
      async (request) => ({ items: (await deps.manageWebhooks.list(request.params.id)).map(toWebhookBody) }),
    );

    // Adding or removing a shop's robot is a change of the shop: audited as `shop_updated` with the shop's id.
    app.post(
      '/shops/:id/webhooks',
      {
        config: { role: 'admin', audit: 'shop_updated' },
        schema: {
          tags,
          summary: '添加群机器人（企业微信、钉钉、飞书；地址和密钥加密保存）',
          params: IdParams,
          body: CreateWebhookBody,
          response: withErrors({ 201: WebhookBody }),
        },
      },
      async (request, reply) => reply.status(201).send(toWebhookBody(await deps.manageWebhooks.create(request.params.id, request.body))),
    );

    app.delete(
      '/shops/:id/webhooks/:wid',
      {
        config: { role: 'admin', audit: 'shop_updated' },
        schema: { tags, summary: '删除群机器人', params: WebhookParams, response: withErrors({ 204: Type.Null() }) },
      },
      async (request, reply) => {
        await deps.manageWebhooks.remove(request.params.id, request.params.wid);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/shops/:id/webhooks/:wid/test',
      {
        config: { role: 'admin' },
        schema: {
          tags,
          summary: '发送测试消息，返回机器人的回答（拒绝时 422 带机器人原话）',
          params: WebhookParams,
          response: withErrors({ 200: WebhookTestAnswer }),
        },
      },
      async (request) => {
        const answer = await deps.manageWebhooks.test(request.params.id, request.params.wid);
        return { ok: answer.ok, status: answer.status ?? 0, code: answer.code ?? 0, words: answer.words };
      },
    );
  };
