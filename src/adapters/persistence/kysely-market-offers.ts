import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { type MarketOffer, type MarketOfferRepository } from '../../application/ports/market-offers.ts';
import { type MarketError, type MarketState, STATE_URGENCY } from '../../domain/publishing/market-state.ts';
import { type PriceIndex, type RatingGroup } from '../../domain/pricing/market-prices.ts';
import { makeBulkRewrite } from './bulk-insert.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { listMarketStateCounts } from './kysely-product-list.ts';
import { type MarketOfferTable } from './tables/marketplace.ts';

/**
 * Records committed by another process may carry an `updated_at` a little older than the newest enrolled import;
 * enrolment looks back this far behind it instead of over every imported record ever made.
 */
const ENROL_LOOKBACK_MS = 60 * 60_000;

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

const toOffer = (row: Selectable<MarketOfferTable>): MarketOffer => ({
  shop_id: row.shop_id,
  offer_id: row.offer_id,
  product_id: row.product_id,
  variant_id: row.variant_id,
  marketplace_product_id: row.marketplace_product_id,
  sku: row.sku,
  market_state: row.market_state as MarketState,
  market_errors: JSON.parse(row.market_errors) as MarketError[],
  market_checked_at: row.market_checked_at,
  is_autoarchived: Number(row.is_autoarchived) === 1,
  imported_at: row.imported_at,
  next_check_at: row.next_check_at,
  interval_ms: Number(row.interval_ms),
  created_seen: Number(row.created_seen) === 1,
  updated_at: row.updated_at,
  market_commission_percent: numberOrNull(row.market_commission_percent),
  market_acquiring: numberOrNull(row.market_acquiring),
  market_delivery_amount: numberOrNull(row.market_delivery_amount),
  market_price: numberOrNull(row.market_price),
  market_currency: row.market_currency,
  price_index: row.price_index as PriceIndex | null,
  market_prices_checked_at: row.market_prices_checked_at,
  real_profit_rub: numberOrNull(row.real_profit_rub),
  real_margin_percent: numberOrNull(row.real_margin_percent),
  planned_margin_percent: numberOrNull(row.planned_margin_percent),
  content_rating: numberOrNull(row.content_rating),
  content_groups: row.content_groups ? (JSON.parse(row.content_groups) as RatingGroup[]) : [],
  rating_checked_at: row.rating_checked_at,
  prices_due: Number(row.prices_due) === 1,
  rating_due: Number(row.rating_due) === 1,
});

const toRow = (offer: MarketOffer): Selectable<MarketOfferTable> => ({
  ...offer,
  market_errors: JSON.stringify(offer.market_errors),
  is_autoarchived: offer.is_autoarchived ? 1 : 0,
  created_seen: offer.created_seen ? 1 : 0,
  content_groups: offer.content_groups.length > 0 ? JSON.stringify(offer.content_groups) : null,
  prices_due: offer.prices_due ? 1 : 0,
  rating_due: offer.rating_due ? 1 : 0,
});

/** What a look rewrites: every column but the key, many rows a statement (issue 33: the sweep's memory). */
const SAVED_COLUMNS = [
  'product_id',
  'variant_id',
  'marketplace_product_id',
  'sku',
  'market_state',
  'market_errors',
  'market_checked_at',
  'is_autoarchived',
  'imported_at',
  'next_check_at',
  'interval_ms',
  'created_seen',
  'updated_at',
  'market_commission_percent',
  'market_acquiring',
  'market_delivery_amount',
  'market_price',
  'market_currency',
  'price_index',
  'market_prices_checked_at',
  'real_profit_rub',
  'real_margin_percent',
  'planned_margin_percent',
  'content_rating',
  'content_groups',
  'rating_checked_at',
  'prices_due',
  'rating_due',
] as const satisfies readonly (keyof MarketOfferTable)[];
// Fails to compile when a column is added to the table but not here.
const everyColumnSaved: Exclude<keyof MarketOfferTable, (typeof SAVED_COLUMNS)[number] | 'shop_id' | 'offer_id'> extends never ? true : never = true;
void everyColumnSaved;
const rewriteOfferRows = makeBulkRewrite<Selectable<MarketOfferTable>>('market_offers', ['shop_id', 'offer_id'], SAVED_COLUMNS);

/** Each index's rank for the list's order (the worst of a product's offers shows): unknown 0, SUPER 1 … RED 4. */
const INDEX_RANK = sql.raw(`case o.price_index when 'SUPER' then 1 when 'GREEN' then 2 when 'YELLOW' then 3 when 'RED' then 4 else 0 end`);
const INDEX_OF_RANK = sql.raw(`case r when 1 then 'SUPER' when 2 then 'GREEN' when 3 then 'YELLOW' when 4 then 'RED' when 0 then 'WITHOUT_INDEX' end`);

/** Rewrites the product-level watch (worst index, lowest rating and margins) of these products from their offers. */
async function refreshWatch(db: Kysely<Database>, productIds: RawBuilder<unknown>): Promise<void> {
  await sql`insert into product_market_watch (product_id, price_index, price_index_rank, content_rating, real_margin_percent, planned_margin_percent, below_floor)
    select product_id, ${INDEX_OF_RANK}, r, rating, margin, planned, below from (
      select o.product_id, max(case when o.price_index is null then null else ${INDEX_RANK} end) as r, min(o.content_rating) as rating,
        min(o.real_margin_percent) as margin, min(o.planned_margin_percent) as planned,
        max(case when s.min_margin_percent is not null and o.real_margin_percent < s.min_margin_percent then 1 else 0 end) as below
      from market_offers o left join shops s on s.id = o.shop_id where o.product_id in (${productIds}) group by o.product_id) watched
    where true
    on conflict (product_id) do update set price_index = excluded.price_index, price_index_rank = excluded.price_index_rank,
      content_rating = excluded.content_rating, real_margin_percent = excluded.real_margin_percent,
      planned_margin_percent = excluded.planned_margin_percent, below_floor = excluded.below_floor`.execute(db);
}

/** The most telling state of a product's offers in SQL (market-state.ts, STATE_URGENCY): its rank, then its name. */
const RANK = sql.raw(`min(case market_state ${STATE_URGENCY.map((state, index) => `when '${state}' then ${index}`).join(' ')} end)`);
const STATE_OF_RANK = sql.raw(`case r ${STATE_URGENCY.map((state, index) => `when ${index} then '${state}'`).join(' ')} end`);

/** Rewrites the product-level states of these products from their offers (insert, or update when it changed). */
async function refreshProductStates(db: Kysely<Database>, productIds: RawBuilder<unknown>): Promise<void> {
  await sql`insert into product_market_states (product_id, market_state)
    select product_id, ${STATE_OF_RANK} from (select product_id, ${RANK} as r from market_offers where product_id in (${productIds}) group by product_id) ranked
    where true
    on conflict (product_id) do update set market_state = excluded.market_state where product_market_states.market_state != excluded.market_state`.execute(db);
}

/** The follow-up sweep's offers over Kysely (SQLite and PostgreSQL), its claim leased like the publish poller's. */
export function makeKyselyMarketOffers(db: Kysely<Database>): MarketOfferRepository {
  const sqlite = isSqlite(db as Kysely<unknown>);
  return {
    async enrolImported(now, firstMs) {
      const nextAt = new Date(Date.parse(now) + firstMs).toISOString();
      const newest = await db
        .selectFrom('market_offers')
        .select((eb) => eb.fn.max('imported_at').as('at'))
        .executeTakeFirst();
      const since = newest?.at ? new Date(Date.parse(newest.at) - ENROL_LOOKBACK_MS).toISOString() : '';
      // The latest import of each offer (a record per variant; pictures are moderated again too).
      const result = await sql`insert into market_offers (shop_id, offer_id, product_id, variant_id, marketplace_product_id, sku, market_state,
          market_errors, market_checked_at, is_autoarchived, imported_at, next_check_at, interval_ms, created_seen, updated_at)
        select latest.shop_id, latest.offer_id, latest.product_id, latest.variant_id, latest.marketplace_product_id, null, 'moderating', '[]', null, 0,
          latest.imported_at, ${nextAt}, ${firstMs}, 0, ${now}
        from (select shop_id, offer_id, max(product_id) as product_id, max(variant_id) as variant_id,
            max(marketplace_product_id) as marketplace_product_id, max(updated_at) as imported_at
          from publish_tasks where status = 'imported' and updated_at >= ${since} and operation in ('import', 'pictures', 'copy')
            and marketplace_product_id is not null
          group by shop_id, offer_id) latest
        where exists (select 1 from products p where p.id = latest.product_id)
          and not exists (select 1 from market_offers m where m.shop_id = latest.shop_id and m.offer_id = latest.offer_id and m.imported_at >= latest.imported_at)
        on conflict (shop_id, offer_id) do update set product_id = excluded.product_id, variant_id = excluded.variant_id,
          marketplace_product_id = excluded.marketplace_product_id, market_state = 'moderating', market_errors = '[]', rating_due = 1, imported_at = excluded.imported_at,
          next_check_at = excluded.next_check_at, interval_ms = excluded.interval_ms, updated_at = excluded.updated_at
        where market_offers.imported_at < excluded.imported_at`.execute(db);
      const enrolled = Number(result.numAffectedRows ?? 0);
      if (enrolled > 0) await refreshProductStates(db, sql`select product_id from market_offers where updated_at = ${now}`);
      return enrolled;
    },

    async claimDue(now, leaseUntil, limit, skipShops) {
      if (limit <= 0) return [];
      const skip = skipShops.length > 0 ? sql`and shop_id not in (${sql.join(skipShops)})` : sql``;
      const shop = sql`(select shop_id from market_offers where next_check_at <= ${now} ${skip} order by next_check_at limit 1)`;
      if (sqlite) {
        // One writer at a time: the statement is the whole claim.
        const { rows } = await sql<Selectable<MarketOfferTable>>`update market_offers set next_check_at = ${leaseUntil}
          where (shop_id, offer_id) in (select shop_id, offer_id from market_offers where shop_id = ${shop} and next_check_at <= ${now}
            order by next_check_at limit ${limit})
          returning *`.execute(db);
        return rows.map(toOffer);
      }
      // PostgreSQL: rows another transaction is claiming are skipped, so two processes never take the same offer.
      const { rows } = await sql<Selectable<MarketOfferTable>>`with picked as materialized (
          select shop_id, offer_id from market_offers where shop_id = ${shop} and next_check_at <= ${now}
          order by next_check_at limit ${limit} for update skip locked)
        update market_offers set next_check_at = ${leaseUntil} from picked
        where market_offers.shop_id = picked.shop_id and market_offers.offer_id = picked.offer_id and market_offers.next_check_at <= ${now}
        returning market_offers.*`.execute(db);
      return rows.map(toOffer);
    },

    async handBack(offers, leaseUntil, now) {
      for (const offer of offers) {
        await db
          .updateTable('market_offers')
          .set({ next_check_at: now })
          .where('shop_id', '=', offer.shop_id)
          .where('offer_id', '=', offer.offer_id)
          .where('next_check_at', '=', leaseUntil)
          .execute();
      }
    },

    async save(offers) {
      if (offers.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Rows are never deleted, so the rewrite never inserts one.
        await rewriteOfferRows(trx as unknown as Kysely<unknown>, offers.map(toRow));
        const productIds = sql.join([...new Set(offers.map((offer) => offer.product_id))]);
        await refreshProductStates(trx, productIds);
        await refreshWatch(trx, productIds);
      });
    },

    async shopDue(shopId, now) {
      await db
        .updateTable('market_offers')
        .set({ prices_due: 1, next_check_at: sql<string>`case when next_check_at > ${now} then ${now} else next_check_at end` })
        .where('shop_id', '=', shopId)
        .execute();
    },

    async pricesAccepted(shopId, offerIds, now) {
      if (offerIds.length === 0) return;
      // Due now; an offer claimed at this moment may be read twice (the same answer stored twice, nothing lost).
      await db
        .updateTable('market_offers')
        .set({ prices_due: 1, next_check_at: sql<string>`case when next_check_at > ${now} then ${now} else next_check_at end` })
        .where('shop_id', '=', shopId)
        .where('offer_id', 'in', offerIds)
        .execute();
    },

    async stockSent(shopId, offerIds, at) {
      if (offerIds.length === 0) return;
      await db
        .updateTable('market_offers')
        .set({ next_check_at: sql<string>`case when next_check_at > ${at} then ${at} else next_check_at end` })
        .where('shop_id', '=', shopId)
        .where('offer_id', 'in', offerIds)
        .execute();
    },

    async nextDueAt() {
      const row = await db
        .selectFrom('market_offers')
        .select((eb) => eb.fn.min('next_check_at').as('at'))
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    async ofProducts(productIds) {
      if (productIds.length === 0) return [];
      const rows = await db.selectFrom('market_offers').selectAll().where('product_id', 'in', productIds).orderBy('offer_id').execute();
      return rows.map(toOffer);
    },

    stateCounts: (query = { page: 1, pageSize: 1 }) => listMarketStateCounts(db, sqlite, query),
  };
}
