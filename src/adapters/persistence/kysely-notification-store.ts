import { type Kysely, type Selectable } from 'kysely';
import { type NotificationStore, type QueuedDelivery } from '../../application/ports/notification-store.ts';
import { type Notification, type NotificationKind } from '../../domain/notifications/notification.ts';
import { type Database } from './database.ts';
import { type NotificationTable } from './tables/notifications.ts';

const toNotification = (row: Selectable<NotificationTable>): Notification => ({
  id: row.id,
  at: row.at,
  kind: row.kind as NotificationKind,
  shop_id: row.shop_id,
  product_id: row.product_id,
  variant_id: row.variant_id,
  title: row.title,
  detail: row.detail,
  read: Number(row.read) === 1,
});

/** Notifications in SQLite or PostgreSQL; the unique `open_key` makes one notification per episode. */
/** Keys bound in one `in (…)` read: well under SQLite's and PostgreSQL's parameter limits. */
const KEYS_A_READ = 500;
/** Notifications inserted by one statement (10 values each). */
const OPENS_A_WRITE = 100;

const notificationRow = (key: string, notification: Notification) => ({
  id: notification.id,
  at: notification.at,
  kind: notification.kind,
  shop_id: notification.shop_id,
  product_id: notification.product_id,
  variant_id: notification.variant_id,
  title: notification.title,
  detail: notification.detail,
  read: notification.read ? 1 : 0,
  open_key: key,
});

const deliveryRows = (notification: Notification, deliveries: readonly QueuedDelivery[]) =>
  deliveries.map((delivery) => ({
    webhook_id: delivery.webhookId,
    notification_id: notification.id,
    text: delivery.text,
    status: 'waiting',
    attempts: 0,
    next_attempt_at: notification.at,
    created_at: notification.at,
  }));

export function makeKyselyNotificationStore(db: Kysely<Database>): NotificationStore {
  return {
    async open(key, notification, deliveries) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('notifications')
          .values(notificationRow(key, notification))
          .onConflict((conflict) => conflict.column('open_key').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (deliveries.length > 0) {
          await trx.insertInto('webhook_deliveries').values(deliveryRows(notification, deliveries)).execute();
        }
        return true;
      });
    },

    async openMany(entries) {
      const opened = new Set<string>();
      if (entries.length === 0) return opened;
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < entries.length; start += OPENS_A_WRITE) {
          const part = entries.slice(start, start + OPENS_A_WRITE);
          const rows = await trx
            .insertInto('notifications')
            .values(part.map(({ key, notification }) => notificationRow(key, notification)))
            .onConflict((conflict) => conflict.column('open_key').doNothing())
            .returning('open_key')
            .execute();
          for (const row of rows) if (row.open_key !== null) opened.add(row.open_key);
          const deliveries = part.flatMap(({ key, notification, deliveries }) => (opened.has(key) ? deliveryRows(notification, deliveries) : []));
          if (deliveries.length > 0) await trx.insertInto('webhook_deliveries').values(deliveries).execute();
        }
      });
      return opened;
    },

    async isOpen(key) {
      return (await db.selectFrom('notifications').select('id').where('open_key', '=', key).executeTakeFirst()) !== undefined;
    },

    async openAmong(keys) {
      const open = new Set<string>();
      for (let start = 0; start < keys.length; start += KEYS_A_READ) {
        const rows = await db
          .selectFrom('notifications')
          .select('open_key')
          .where('open_key', 'in', keys.slice(start, start + KEYS_A_READ))
          .execute();
        for (const row of rows) if (row.open_key !== null) open.add(row.open_key);
      }
      return open;
    },

    async close(keys) {
      for (let start = 0; start < keys.length; start += KEYS_A_READ) {
        await db
          .updateTable('notifications')
          .set({ open_key: null })
          .where('open_key', 'in', keys.slice(start, start + KEYS_A_READ))
          .execute();
      }
    },

    async list({ page, pageSize, unread }) {
      const base = db.selectFrom('notifications');
      const filtered = unread ? base.where('read', '=', 0) : base;
      const count = (query: typeof base) => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const [total, unreadTotal, rows] = await Promise.all([
        count(filtered),
        count(base.where('read', '=', 0)),
        filtered
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return { total: Number(total.n), unreadTotal: Number(unreadTotal.n), items: rows.map(toNotification) };
    },

    async prune(before) {
      const result = await db.deleteFrom('notifications').where('read', '=', 1).where('open_key', 'is', null).where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async markRead(ids) {
      if (ids !== 'all' && ids.length === 0) return 0;
      let query = db.updateTable('notifications').set({ read: 1 }).where('read', '=', 0);
      if (ids !== 'all') query = query.where('id', 'in', [...ids]);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
