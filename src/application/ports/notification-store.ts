import { type Notification } from '../../domain/notifications/notification.ts';

/** A message waiting for one webhook, queued with the notification it tells of. */
export type QueuedDelivery = { readonly webhookId: string; readonly text: string };

/** Where notifications live, with the open episode of each subject (docs/decisions.md, Notifications). */
export interface NotificationStore {
  /**
   * Stores the notification and its deliveries in one transaction, unless an episode under `key` is open: then nothing
   * is stored and the answer is false. Safe against concurrent callers (one wins).
   */
  open(key: string, notification: Notification, deliveries: readonly QueuedDelivery[]): Promise<boolean>;
  /** `open` for many episodes in one transaction (a sweep's look opens up to 1000); answers the keys it opened. */
  openMany(entries: readonly { key: string; notification: Notification; deliveries: readonly QueuedDelivery[] }[]): Promise<Set<string>>;
  /** Whether an episode under `key` is open (one indexed read: sweeps call notify for every offer in a state). */
  isOpen(key: string): Promise<boolean>;
  /** Which of these keys have an open episode (a sweep's look at up to 1000 offers reads them at once). */
  openAmong(keys: readonly string[]): Promise<Set<string>>;
  /** Ends the episodes under these keys (their notifications stay); the next `open` under one stores a new one. */
  close(keys: readonly string[]): Promise<void>;
  /** Newest first; `unread` only those not read; `unreadTotal` counts every unread one. */
  list(query: { page: number; pageSize: number; unread: boolean }): Promise<{ total: number; unreadTotal: number; items: Notification[] }>;
  /** Removes read notifications from before `before` whose episode ended; answers how many. */
  prune(before: string): Promise<number>;
  /** Marks these (or every) notification read; answers how many changed. */
  markRead(ids: readonly string[] | 'all'): Promise<number>;
}
