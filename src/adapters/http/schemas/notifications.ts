import { Type } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../../../domain/notifications/notification.ts';
import { ROBOT_KINDS } from '../../../domain/notifications/webhook.ts';
import { PageQuery, Timestamp, Uuid, literals, nullable } from './common.ts';

export const NotificationKind = literals(NOTIFICATION_KINDS);

export const NotificationListQuery = Type.Object(
  { ...PageQuery, unread: Type.Boolean({ default: false, description: 'true：只列未读' }) },
  { additionalProperties: false },
);

export const NotificationBody = Type.Object(
  {
    id: Type.String(),
    at: Timestamp,
    kind: NotificationKind,
    shop_id: Type.String(),
    product_id: Type.Optional(Type.String()),
    variant_id: Type.Optional(Type.String()),
    title: Type.String(),
    detail: Type.String(),
    read: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const NotificationListBody = Type.Object(
  { total: Type.Integer(), unread: Type.Integer({ description: '全部未读条数（铃铛上的数字）' }), items: Type.Array(NotificationBody) },
  { additionalProperties: false },
);

/** Either the ids to mark read, or `all` (one of the two; the use case refuses both or neither). */
export const MarkReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true, description: '要标为已读的提醒' })),
    all: Type.Optional(Type.Literal(true, { description: 'true：全部标为已读' })),
  },
  { additionalProperties: false },
);

export const MarkReadAnswer = Type.Object({ updated: Type.Integer(), unread: Type.Integer() }, { additionalProperties: false });

export const CreateWebhookBody = Type.Object(
  {
    kind: literals(ROBOT_KINDS),
    url: Type.String({ minLength: 1, maxLength: 500, description: '群机器人的 Webhook 地址（https）' }),
    secret: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$', description: '加签密钥（钉钉、飞书，只写）' })),
    kinds: Type.Array(NotificationKind, { minItems: 1, maxItems: NOTIFICATION_KINDS.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const WebhookBody = Type.Object(
  {
    id: Type.String(),
    shop_id: Type.String(),
    kind: literals(ROBOT_KINDS),
    url_masked: Type.String({ description: '地址中的密钥只显示后 4 位' }),
    has_secret: Type.Boolean(),
    kinds: Type.Array(NotificationKind),
    created_at: Timestamp,
    waiting: Type.Integer({ description: '等待发送的消息数' }),
    last_sent_at: nullable(Timestamp),
    last_error: nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const WebhookListBody = Type.Object({ items: Type.Array(WebhookBody) }, { additionalProperties: false });

export const WebhookParams = Type.Object({ id: Uuid, wid: Uuid });

export const WebhookTestAnswer = Type.Object(
  {
    ok: Type.Boolean(),
    status: Type.Integer({ description: '机器人的 HTTP 状态' }),
    code: Type.Integer({ description: '机器人的 errcode（飞书为 code）' }),
    words: Type.String({ description: '机器人的原话（errmsg / msg）' }),
  },
  { additionalProperties: false },
);
