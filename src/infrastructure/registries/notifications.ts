import { type GroupRobot } from '../../application/ports/group-robot.ts';
import { type NotificationStore } from '../../application/ports/notification-store.ts';
import { type WebhookStore } from '../../application/ports/webhook-store.ts';
import { type ListNotifications, type MarkNotificationsRead } from '../../application/notifications/notification-inbox.ts';
import { type ManageWebhooks } from '../../application/notifications/manage-webhooks.ts';
import { type Notifier } from '../../application/notifications/notifier.ts';
import { type HourlyChores } from '../../application/notifications/hourly-chores.ts';
import { type ShopWatch } from '../../application/notifications/watch-shops.ts';
import { type WebhookSender } from '../../application/notifications/webhook-sender.ts';
import { type WebhookSenderTimer } from '../../application/notifications/webhook-sender-timer.ts';

/** What the notifications feature adds to the container; other features call `notifier`. */
export type NotificationsRegistry = {
  notificationStore: NotificationStore;
  webhookStore: WebhookStore;
  groupRobot: GroupRobot;
  notifier: Notifier;
  /** key_expiring and quota_used_up, which this feature produces itself. */
  shopWatch: ShopWatch;
  /** Key expiry sweeps and pruning, hourly on every instance. */
  notificationChores: HourlyChores;
  listNotifications: ListNotifications;
  markNotificationsRead: MarkNotificationsRead;
  manageWebhooks: ManageWebhooks;
  webhookSender: WebhookSender;
  webhookSenderTimer: WebhookSenderTimer;
};
