import { type Generated } from 'kysely';

/** Table types of notifications and group robots (migration 024-notifications.ts). */
export type NotificationTable = {
  id: string;
  at: string;
  kind: string;
  shop_id: string;
  product_id: string | null;
  variant_id: string | null;
  title: string;
  detail: string;
  /** 0 or 1. */
  read: number;
  /** The subject's episode key while its state holds (unique), null once it ended: one notification per episode. */
  open_key: string | null;
};

export type WebhookTable = {
  id: string;
  shop_id: string;
  kind: string;
  /** The whole URL sealed by the SecretBox (its key or token is a secret), bound to the webhook's id. */
  url_sealed: string;
  url_masked: string;
  secret_sealed: string | null;
  /** JSON array of notification kinds. */
  kinds: string;
  created_at: string;
  /** The sender holding it until then (its messages go in order, from one sender at a time); null when free. */
  claimed_until: string | null;
  holder: string | null;
};

export type WebhookDeliveryTable = {
  /** Serial: a webhook's messages go in this order. */
  id: Generated<number>;
  webhook_id: string;
  notification_id: string;
  text: string;
  /** `waiting`, `sent` or `failed` (given up after WEBHOOK_RETRY_FOR). */
  status: string;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
};

export type NotificationTables = {
  notifications: NotificationTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
};
