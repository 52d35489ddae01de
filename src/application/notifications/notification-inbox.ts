import { type NotificationStore } from '../ports/notification-store.ts';
import { invalid } from '../../domain/common/errors.ts';
import { type Notification } from '../../domain/notifications/notification.ts';

export type NotificationPage = { readonly total: number; readonly unread: number; readonly items: readonly Notification[] };
export type ListNotifications = (query: { page: number; pageSize: number; unread: boolean }) => Promise<NotificationPage>;
export type MarkNotificationsRead = (which: {
  readonly ids?: readonly string[] | undefined;
  readonly all?: true | undefined;
}) => Promise<{ updated: number; unread: number }>;

/**
 * The page's inbox (docs/decisions.md, Notifications): one list for the whole team, newest first; read is a mark on
 * the notification, not per user, as a group chat's messages are one list for its members.
 */
export function makeNotificationInbox(notifications: NotificationStore): { list: ListNotifications; markRead: MarkNotificationsRead } {
  return {
    async list(query) {
      const { total, unreadTotal, items } = await notifications.list(query);
      return { total, unread: unreadTotal, items };
    },
    async markRead(which) {
      if ((which.all === true) === (which.ids !== undefined))
        throw invalid('READ_WHICH', '请给出要标为已读的 ids，或 all: true（二选一）', [{ path: '/ids', message: '需要 ids 或 all 之一' }]);
      const updated = await notifications.markRead(which.all ? 'all' : (which.ids ?? []));
      const { unreadTotal } = await notifications.list({ page: 1, pageSize: 1, unread: true });
      return { updated, unread: unreadTotal };
    },
  };
}
