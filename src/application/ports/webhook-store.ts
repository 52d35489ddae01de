import { type NotificationKind } from '../../domain/notifications/notification.ts';
import { type Webhook } from '../../domain/notifications/webhook.ts';

/** A queued message as its sender sees it. */
export type Delivery = {
  readonly id: number;
  readonly webhook_id: string;
  readonly text: string;
  readonly attempts: number;
  readonly created_at: string;
};

/** What became of a webhook's messages, for the shop screen. */
export type WebhookState = { readonly waiting: number; readonly last_sent_at: string | null; readonly last_error: string | null };

/** Webhooks and their queued messages; a sender claims a whole webhook with a lease, so its messages go in order. */
export interface WebhookStore {
  insert(webhook: Webhook): Promise<void>;
  /** The shop's webhooks, oldest first. */
  listByShop(shopId: string): Promise<Webhook[]>;
  find(shopId: string, id: string): Promise<Webhook | undefined>;
  /** Removes the webhook and its queued messages; false when it was not there. */
  delete(shopId: string, id: string): Promise<boolean>;
  /** Removes every webhook of a shop (the shop is gone). */
  deleteByShop(shopId: string): Promise<void>;
  /** The shop's webhooks that want this kind. */
  subscribed(shopId: string, kind: NotificationKind): Promise<Webhook[]>;
  state(webhookId: string): Promise<WebhookState>;
  /**
   * Claims up to `limit` webhooks whose first waiting message is due and that no other sender holds (or whose
   * holder's lease passed) for `holder` until `leaseUntil`.
   */
  claimDue(now: string, leaseUntil: string, holder: string, limit: number): Promise<Webhook[]>;
  /** The webhook's waiting messages in the order they were queued. */
  waiting(webhookId: string, limit: number): Promise<Delivery[]>;
  /** How many of its messages went out after `since` (the robots’ per-minute limits). */
  sentSince(webhookId: string, since: string): Promise<number>;
  /** Records a message's outcome while `holder` still holds its webhook; false when the hold was lost. */
  settle(
    delivery: Delivery,
    holder: string,
    outcome:
      | { readonly status: 'sent'; readonly at: string }
      | { readonly status: 'waiting'; readonly nextAt: string; readonly error: string }
      | { readonly status: 'failed'; readonly at: string; readonly error: string }
      /** Not tried (the robot's per-minute limit): due again at `nextAt`, attempts unchanged. */
      | { readonly status: 'postponed'; readonly nextAt: string },
  ): Promise<boolean>;
  /** Frees the webhook; its first waiting message is due at `nextAt` (or as it was). */
  release(webhookId: string, holder: string): Promise<void>;
  /** Removes messages sent or given up before `before`; answers how many. */
  prune(before: string): Promise<number>;
  /** The earliest time the first waiting message of any webhook is due (later ones wait behind it), or null. */
  nextDue(): Promise<string | null>;
}
