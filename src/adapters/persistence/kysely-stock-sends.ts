import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { type StockSendRepository } from '../../application/ports/stock-sends.ts';
import { type StockError, type StockOutcome, type StockSend, type StockSendStatus } from '../../domain/stock/stock-send.ts';
import { claimRows } from './claim-rows.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { type StockTables } from './tables/stock.ts';

type Row = Selectable<StockTables['stock_sends']>;

const toSend = (row: Row): StockSend => ({
  ...row,
  warehouse_id: Number(row.warehouse_id),
  market_product_id: row.market_product_id === null ? null : Number(row.market_product_id),
  status: row.status as StockSendStatus,
  errors: JSON.parse(row.errors) as StockError[],
});

/** Rows per insert statement (20 columns each, far under SQLite's variable limit). */
const CHUNK = 100;

/** A record a sender may take at `now`: waiting, due, not held, and past its pair interval. */
const claimable = (now: string) =>
  sql<SqlBool>`status = 'waiting' and due_at <= ${now} and (held_until is null or held_until <= ${now}) and (next_allowed_at is null or next_allowed_at <= ${now})`;

/** The latest of three ISO times (null as the earliest), written so both dialects read it. */
const claimableAt = sql<string>`case
  when due_at >= coalesce(held_until, '') and due_at >= coalesce(next_allowed_at, '') then due_at
  when coalesce(held_until, '') >= coalesce(next_allowed_at, '') then held_until
  else next_allowed_at end`;

const statusOf = (outcome: StockOutcome): StockSendStatus =>
  outcome.kind === 'sent' ? 'sent' : outcome.kind === 'retry' ? 'waiting' : outcome.kind === 'not_created' ? 'not_created' : 'failed';

/** Stock sends and the per-shop request log over Kysely (SQLite and PostgreSQL). */
export function makeKyselyStockSends(db: Kysely<Database>): StockSendRepository {
  const sqlite = isSqlite(db as Kysely<unknown>);
  return {
    async queue(pairs, now, options = {}) {
      // One statement may not touch a pair twice (PostgreSQL refuses it): the last value of a pair wins.
      const byPair = new Map(pairs.map((pair) => [`${pair.shop_id}|${pair.warehouse_id}|${pair.offer_id}`, pair]));
      const status: StockSendStatus = options.notCreated ? 'not_created' : 'waiting';
      const rows = [...byPair.values()].map((pair) => ({
        id: crypto.randomUUID(),
        ...pair,
        revision: 1,
        status,
        errors: '[]',
        attempts: 0,
        due_at: now,
        holder: null,
        held_until: null,
        next_allowed_at: null,
        sent_stock: null,
        sent_at: null,
        created_at: now,
        updated_at: now,
      }));
      for (let start = 0; start < rows.length; start += CHUNK) {
        await db
          .insertInto('stock_sends')
          .values(rows.slice(start, start + CHUNK))
          .onConflict((conflict) =>
            conflict.columns(['shop_id', 'warehouse_id', 'offer_id']).doUpdateSet((eb) => ({
              stock: eb.ref('excluded.stock'),
              product_id: eb.ref('excluded.product_id'),
              variant_id: eb.ref('excluded.variant_id'),
              market_product_id: sql`coalesce(excluded.market_product_id, stock_sends.market_product_id)`,
              revision: sql`stock_sends.revision + 1`,
              status: eb.ref('excluded.status'),
              errors: '[]',
              due_at: eb.ref('excluded.due_at'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    async releaseCreated(shopId, offers, now) {
      if (offers.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let released = 0;
        for (const offer of offers) {
          const result = await trx
            .updateTable('stock_sends')
            .set({
              status: 'waiting',
              due_at: now,
              errors: '[]',
              updated_at: now,
              market_product_id: sql`coalesce(${offer.market_product_id}, market_product_id)`,
            })
            .where('shop_id', '=', shopId)
            .where('offer_id', '=', offer.offer_id)
            .where('status', '=', 'not_created')
            .executeTakeFirst();
          released += Number(result.numUpdatedRows);
        }
        return released;
      });
    },

    async dueShops(now, limit) {
      const rows = await db.selectFrom('stock_sends').select('shop_id').distinct().where(claimable(now)).limit(limit).execute();
      return rows.map((row) => row.shop_id);
    },

    async claim(shopId, now, leaseUntil, nextAllowedAt, holder, limit) {
      if (limit <= 0) return [];
      const rows = await claimRows<Row>(db as Kysely<unknown>, {
        table: 'stock_sends',
        pick: sql`select id from stock_sends where shop_id = ${shopId} and ${claimable(now)} order by due_at, id limit ${limit}`,
        set: sql`holder = ${holder}, held_until = ${leaseUntil}, next_allowed_at = ${nextAllowedAt}, attempts = attempts + 1, updated_at = ${now}`,
      });
      // RETURNING keeps no order.
      return rows.map(toSend).sort((a, b) => (a.due_at === b.due_at ? (a.id < b.id ? -1 : 1) : a.due_at < b.due_at ? -1 : 1));
    },

    async finish(holder, outcomes, now, nextAllowedAt) {
      if (outcomes.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const written: string[] = [];
        for (const { send, outcome } of outcomes) {
          const errors = JSON.stringify(outcome.kind === 'sent' ? [] : outcome.errors);
          const result = await trx
            .updateTable('stock_sends')
            .set({
              status: statusOf(outcome),
              errors,
              holder: null,
              held_until: null,
              next_allowed_at: nextAllowedAt,
              updated_at: now,
              ...(outcome.kind === 'sent' ? { sent_stock: send.stock, sent_at: now } : {}),
              ...(outcome.kind === 'retry' ? { due_at: outcome.at } : {}),
            })
            .where('id', '=', send.id)
            .where('holder', '=', holder)
            .where('revision', '=', send.revision)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) > 0) {
            written.push(send.id);
            continue;
          }
          // A new value came meanwhile: it waits (its interval already counts from this send), the hold ends.
          await trx
            .updateTable('stock_sends')
            .set({ holder: null, held_until: null, next_allowed_at: nextAllowedAt })
            .where('id', '=', send.id)
            .where('holder', '=', holder)
            .execute();
        }
        return written;
      });
    },

    async handBack(holder) {
      await db.updateTable('stock_sends').set({ holder: null, held_until: null }).where('holder', '=', holder).execute();
    },

    async nextDueAt() {
      const row = await db
        .selectFrom('stock_sends')
        .select(sql<string | null>`min(${claimableAt})`.as('at'))
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    async offersWithRecord(shopId, warehouseId, offerIds) {
      const found = new Set<string>();
      for (let start = 0; start < offerIds.length; start += 500) {
        const rows = await db
          .selectFrom('stock_sends')
          .select('offer_id')
          .where('shop_id', '=', shopId)
          .where('warehouse_id', '=', warehouseId)
          .where('offer_id', 'in', offerIds.slice(start, start + 500))
          .execute();
        for (const row of rows) found.add(row.offer_id);
      }
      return found;
    },

    async productsOfOffers(offerIds) {
      const found = new Map<string, string>();
      for (let start = 0; start < offerIds.length; start += 500) {
        const rows = await db
          .selectFrom('product_offers')
          .innerJoin('products', 'products.id', 'product_offers.product_id')
          .select(['product_offers.offer_id', 'product_offers.product_id'])
          .where('product_offers.offer_id', 'in', offerIds.slice(start, start + 500))
          .where('products.stage', '!=', 'archived')
          .execute();
        for (const row of rows) found.set(row.offer_id, row.product_id);
        // A product without variants sells under its own offer id (product_offers holds the variants').
        const own = await db
          .selectFrom('products')
          .select(['offer_id', 'id'])
          .where('offer_id', 'in', offerIds.slice(start, start + 500))
          .where('stage', '!=', 'archived')
          .execute();
        for (const row of own) if (!found.has(row.offer_id)) found.set(row.offer_id, row.id);
      }
      return found;
    },

    async listByProduct(productId) {
      const rows = await db.selectFrom('stock_sends').selectAll().where('product_id', '=', productId).orderBy('updated_at', 'desc').orderBy('id').execute();
      return rows.map(toSend);
    },

    async takeRequestSlot(shopId, now, windowMs, limit, slotId) {
      const since = new Date(Date.parse(now) - windowMs).toISOString();
      const take = async (trx: Kysely<Database>): Promise<true | string> => {
        await trx.deleteFrom('stock_requests').where('shop_id', '=', shopId).where('at', '<=', since).execute();
        const inWindow = await trx.selectFrom('stock_requests').select('at').where('shop_id', '=', shopId).orderBy('at').execute();
        if (inWindow.length < limit) {
          await trx.insertInto('stock_requests').values({ id: slotId, shop_id: shopId, at: now }).execute();
          return true;
        }
        // The request that fills the window leaves it `windowMs` after it was made.
        return new Date(Date.parse(inWindow[inWindow.length - limit]!.at) + windowMs + 1).toISOString();
      };
      // SQLite: one writer, and a transaction that starts by writing holds the lock from its first statement.
      // PostgreSQL: a transaction-scoped advisory lock per shop makes count-then-insert one step across instances.
      return db.transaction().execute(async (trx) => {
        if (!sqlite) await sql`select pg_advisory_xact_lock(3101, hashtext(${shopId}))`.execute(trx);
        return take(trx);
      });
    },

    async returnRequestSlot(slotId) {
      await db.deleteFrom('stock_requests').where('id', '=', slotId).execute();
    },
  };
}
