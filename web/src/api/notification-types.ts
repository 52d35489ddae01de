import type { NotificationKind } from '../../../src/domain/notifications/notification.ts';
import type { RobotKind } from '../../../src/domain/notifications/webhook.ts';

/** GET /api/notifications items (docs/decisions.md, Notifications). */
export type NotificationItem = {
  readonly id: string;
  readonly at: string;
  readonly kind: NotificationKind;
  readonly shop_id: string;
  readonly product_id?: string;
  readonly variant_id?: string;
  readonly title: string;
  readonly detail: string;
  readonly read: boolean;
};
export type NotificationPage = { readonly total: number; readonly unread: number; readonly items: readonly NotificationItem[] };

/** A shop's group robot as the API shows it (the URL masked, the secret never). */
export type WebhookItem = {
  readonly id: string;
  readonly shop_id: string;
  readonly kind: RobotKind;
  readonly url_masked: string;
  readonly has_secret: boolean;
  readonly kinds: readonly NotificationKind[];
  readonly created_at: string;
  readonly waiting: number;
  readonly last_sent_at: string | null;
  readonly last_error: string | null;
};
export type WebhookTest = { readonly ok: boolean; readonly status: number; readonly code: number; readonly words: string };
