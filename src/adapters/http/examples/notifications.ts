import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

const WEBHOOK_ID = '6d3f9b1a-2e4c-4a87-9f05-8b1c7e3d2a64';
const NOTIFICATION_ID = '2f7c4e9a-5b13-4d68-a0e2-9c6b3f1d8e57';
const webhook = {
  id: WEBHOOK_ID,
  shop_id: EXAMPLE.shopId,
  kind: 'wecom',
  url_masked: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=****7c1e',
  has_secret: false,
  kinds: ['declined', 'no_stock', 'quota_used_up'],
  created_at: EXAMPLE.updatedAt,
  waiting: 0,
  last_sent_at: null,
  last_error: null,
};
const inWebhook = { id: '$response.body#/shop_id', wid: '$response.body#/id' };

/** The bell's notifications and a shop's group robot. */
export const NOTIFICATION_EXAMPLES: Record<string, OperationExample> = {
  postShopsIdWebhooks: {
    parameters: { id: EXAMPLE.shopId },
    body: { kind: 'wecom', url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=5a2b9c4d-e8f1-4a36-b7d0-3e6f8a1c7c1e', kinds: webhook.kinds },
    status: 201,
    answer: webhook,
    links: {
      TestWebhook: { operationId: 'postShopsIdWebhooksWidTest', parameters: inWebhook, description: '给这个群发测试消息' },
      DeleteWebhook: { operationId: 'deleteShopsIdWebhooksWid', parameters: inWebhook, description: '删除这个群机器人' },
    },
  },
  getShopsIdWebhooks: { parameters: { id: EXAMPLE.shopId }, status: 200, answer: { items: [webhook] } },
  postShopsIdWebhooksWidTest: { parameters: { id: EXAMPLE.shopId, wid: WEBHOOK_ID }, status: 200, answer: { ok: true, status: 200, code: 0, words: 'ok' } },
  deleteShopsIdWebhooksWid: { parameters: { id: EXAMPLE.shopId, wid: WEBHOOK_ID }, status: 204 },
  getNotifications: {
    parameters: { page: 1, page_size: 20, unread: false },
    status: 200,
    answer: {
      total: 1,
      unread: 1,
      items: [
        {
          id: NOTIFICATION_ID,
          at: EXAMPLE.updatedAt,
          kind: 'quota_used_up',
          shop_id: EXAMPLE.shopId,
          title: '今日新建额度已用完：Ozon 主店',
          detail: '今日新建商品额度已用完，等待中的商品将在额度重置后自动发布。',
          read: false,
        },
      ],
    },
  },
  postNotificationsRead: { body: { ids: [NOTIFICATION_ID] }, status: 200, answer: { updated: 1, unread: 0 } },
};
