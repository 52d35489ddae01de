import { type Kysely, type Selectable, sql } from 'kysely';
import { type Delivery, type WebhookStore } from '../../application/ports/webhook-store.ts';
import { type NotificationKind } from '../../domain/notifications/notification.ts';
import { type RobotKind, type Webhook } from '../../domain/notifications/webhook.ts';
import { type Database } from './database.ts';
import { type WebhookTable } from './tables/notifications.ts';

const toWebhook = (row: Selectable<WebhookTable>): Webhook => ({
  id: row.id,
  shop_id: row.shop_id,
  kind: row.kind as RobotKind,
  url_sealed: row.url_sealed,
  url_masked: row.url_masked,
  secret_sealed: row.secret_sealed,
  kinds: JSON.parse(row.kinds) as NotificationKind[],
  created_at: row.created_at,
});

const MAX_ERROR = 300;

/**
 * Webhooks and their queue in SQLite or PostgreSQL. A sender claims a webhook whole (`claimed_until`, `holder`) by a
 * conditional update, so two senders never send one webhook's messages at once and each goes out in queue order.
 */
export function makeKyselyWebhookStore(db: Kysely<Database>): WebhookStore {
  const held = (webhookId: string, holder: string) => db.selectFrom('webhooks').select('id').where('id', '=', webhookId).where('holder', '=', holder);

  return {
    async insert(webhook) {
      await db
        .insertInto('webhooks')
        .values({ ...webhook, kinds: JSON.stringify(webhook.kinds), claimed_until: null, holder: null })
        .execute();
    },

    async listByShop(shopId) {
      const rows = await db.selectFrom('webhooks').selectAll().where('shop_id', '=', shopId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toWebhook);
    },

    async find(shopId, id) {
      const row = await db.selectFrom('webhooks').selectAll().where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
      return row ? toWebhook(row) : undefined;
    },

    async delete(shopId, id) {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('webhooks').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
        await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async deleteByShop(shopId) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('webhook_deliveries')
          .where('webhook_id', 'in', trx.selectFrom('webhooks').select('id').where('shop_id', '=', shopId))
          .execute();
        await trx.deleteFrom('webhooks').where('shop_id', '=', shopId).execute();
      });
    },

    async subscribed(shopId, kind) {
      // A shop has at most a few webhooks: their kinds are filtered here rather than in dialect-specific JSON SQL.
      return (await this.listByShop(shopId)).filter((webhook) => webhook.kinds.includes(kind));
    },

    async state(webhookId) {
      const [waiting, last] = await Promise.all([
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('webhook_id', '=', webhookId)
          .where('status', '=', 'waiting')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('webhook_deliveries')
          .select(['sent_at', 'last_error', 'status'])
          .where('webhook_id', '=', webhookId)
          .where((eb) => eb.or([eb('attempts', '>', 0), eb('status', '=', 'sent')]))
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      const lastSent = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('sent_at').as('at'))
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      return {
        waiting: Number(waiting.n),
        last_sent_at: (lastSent?.at as string | null | undefined) ?? null,
        last_error: last && last.status !== 'sent' ? last.last_error : null,
      };
    },

    async claimDue(now, leaseUntil, holder, limit) {
      // A webhook is due when its first waiting message is: later ones wait behind it, so order holds.
      const { rows } = await sql<{ id: string }>`select w.id from webhooks w
        where (w.claimed_until is null or w.claimed_until <= ${now})
          and exists (select 1 from webhook_deliveries d
            where d.id = (select min(h.id) from webhook_deliveries h where h.webhook_id = w.id and h.status = 'waiting')
              and d.next_attempt_at <= ${now})
        order by w.id limit ${limit}`.execute(db);
      const claimed: Webhook[] = [];
      for (const { id } of rows) {
        const result = await db
          .updateTable('webhooks')
          .set({ claimed_until: leaseUntil, holder })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
        if (row) claimed.push(toWebhook(row));
      }
      return claimed;
    },

    async waiting(webhookId, limit) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'webhook_id', 'text', 'attempts', 'created_at'])
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'waiting')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row): Delivery => ({ ...row, id: Number(row.id) }));
    },

    async sentSince(webhookId, since) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'sent')
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async settle(delivery, holder, outcome) {
      const values =
        outcome.status === 'postponed'
          ? { next_attempt_at: outcome.nextAt }
          : outcome.status === 'sent'
            ? { status: 'sent', sent_at: outcome.at, attempts: delivery.attempts + 1, last_error: null }
            : outcome.status === 'failed'
              ? { status: 'failed', attempts: delivery.attempts + 1, last_error: outcome.error.slice(0, MAX_ERROR) }
              : { status: 'waiting', attempts: delivery.attempts + 1, next_attempt_at: outcome.nextAt, last_error: outcome.error.slice(0, MAX_ERROR) };
      const result = await db
        .updateTable('webhook_deliveries')
        .set(values)
        .where('id', '=', delivery.id)
        .where('status', '=', 'waiting')
        .where('webhook_id', 'in', held(delivery.webhook_id, holder))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async release(webhookId, holder) {
      await db.updateTable('webhooks').set({ claimed_until: null, holder: null }).where('id', '=', webhookId).where('holder', '=', holder).execute();
    },

    async prune(before) {
      const result = await db.deleteFrom('webhook_deliveries').where('status', 'in', ['sent', 'failed']).where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async nextDue() {
      const { rows } = await sql<{ at: string | null }>`select min(d.next_attempt_at) as at from webhook_deliveries d
        where d.status = 'waiting'
          and d.id = (select min(h.id) from webhook_deliveries h where h.webhook_id = d.webhook_id and h.status = 'waiting')`.execute(db);
      return rows[0]?.at ?? null;
    },
  };
}
