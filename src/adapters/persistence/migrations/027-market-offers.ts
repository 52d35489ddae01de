import { type Kysely, sql } from 'kysely';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
import { isSqlite } from '../dialect-of.ts';

/**
 * Offers followed on the marketplace after their import (issue 31, docs/decisions.md, Moderation): one row per shop
 * and offer id, holding what the sweep last saw (`market_state`, `market_errors`, `market_checked_at`) and when it
 * looks next. `next_check_at` is also the sweep's lease, as `next_poll_at` is the publish poller's: a claim moves it
 * to the lease's end, so a process that died leaves its offers due again once the lease has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_offers')
    .ifNotExists()
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text')
    .addColumn('marketplace_product_id', 'text')
    .addColumn('sku', 'text')
    .addColumn('market_state', 'text', (c) => c.notNull())
    .addColumn('market_errors', 'text', (c) => c.notNull())
    .addColumn('market_checked_at', 'text')
    .addColumn('is_autoarchived', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the import that last sent the offer became `imported` (its publish record's updated_at). */
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('next_check_at', 'text', (c) => c.notNull())
    .addColumn('interval_ms', 'integer', (c) => c.notNull())
    /** 1 once the offer was reported created and its stock sends were queued (never twice). */
    .addColumn('created_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_offers_pk', ['shop_id', 'offer_id'])
    .execute();
  await db.schema.createIndex('market_offers_due_idx').ifNotExists().on('market_offers').columns(['next_check_at']).execute();
  await db.schema.createIndex('market_offers_product_idx').ifNotExists().on('market_offers').columns(['product_id']).execute();
  await db.schema.createIndex('market_offers_state_idx').ifNotExists().on('market_offers').columns(['market_state', 'product_id']).execute();
  // A product's most telling state (what its list row shows and the list filters by), and products per state kept
  // by triggers, as product_stage_counts (003) keeps stages: the list's counts are a 6-row read.
  await db.schema
    .createTable('product_market_states')
    .ifNotExists()
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('market_state', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_market_states_state_idx').ifNotExists().on('product_market_states').columns(['market_state', 'product_id']).execute();
  await db.schema
    .createTable('market_state_counts')
    .ifNotExists()
    .addColumn('market_state', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  for (const state of MARKET_STATES) await sql`insert into market_state_counts (market_state, n) values (${state}, 0)`.execute(db);
  if (isSqlite(db)) {
    await sql`create trigger market_state_counts_insert after insert on product_market_states begin
      update market_state_counts set n = n + 1 where market_state = new.market_state; end`.execute(db);
    await sql`create trigger market_state_counts_delete after delete on product_market_states begin
      update market_state_counts set n = n - 1 where market_state = old.market_state; end`.execute(db);
    await sql`create trigger market_state_counts_update after update of market_state on product_market_states
      when old.market_state is not new.market_state begin
      update market_state_counts set n = n - 1 where market_state = old.market_state;
      update market_state_counts set n = n + 1 where market_state = new.market_state; end`.execute(db);
  } else {
    await sql`create function market_state_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then update market_state_counts set n = n - 1 where market_state = old.market_state; end if;
        if tg_op in ('UPDATE', 'INSERT') then update market_state_counts set n = n + 1 where market_state = new.market_state; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger market_state_counts_insert_delete after insert or delete on product_market_states
      for each row execute function market_state_counts_track()`.execute(db);
    await sql`create trigger market_state_counts_update after update of market_state on product_market_states
      for each row when (old.market_state is distinct from new.market_state) execute function market_state_counts_track()`.execute(db);
  }
  // The sweep enrols the records that became imported lately (kysely-market-offers.ts).
  await db.schema.createIndex('publish_tasks_final_idx').ifNotExists().on('publish_tasks').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_tasks_final_idx').ifExists().execute();
  await db.schema.dropTable('product_market_states').ifExists().execute(); // its triggers go with it
  await db.schema.dropTable('market_state_counts').ifExists().execute();
  if (!isSqlite(db)) await sql`drop function if exists market_state_counts_track()`.execute(db);
  await db.schema.dropTable('market_offers').ifExists().execute();
}
