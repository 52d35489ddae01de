import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Prices and content as the marketplace sees them (issue 33, docs/decisions.md, Real margin): per followed offer the
 * real commission, acquiring and delivery amounts, price, price index and content rating, read by the follow-up
 * sweep (`prices_due` / `rating_due`: read at its next look, set after a price send or a card update); per product
 * the worst of its offers (`product_market_watch`, what the list filters and sorts by); a shop's margin floor.
 */
const OFFER_COLUMNS: readonly [string, 'real' | 'text' | 'integer'][] = [
  ['market_commission_percent', 'real'],
  ['market_acquiring', 'real'],
  ['market_delivery_amount', 'real'],
  ['market_price', 'real'],
  ['market_currency', 'text'],
  ['price_index', 'text'],
  ['market_prices_checked_at', 'text'],
  ['real_profit_rub', 'real'],
  ['real_margin_percent', 'real'],
  ['planned_margin_percent', 'real'],
  ['content_rating', 'real'],
  ['content_groups', 'text'],
  ['rating_checked_at', 'text'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the columns in place (see down), so an up after it finds them there.
  const offerColumns = await sqliteColumnsOf(db, 'market_offers');
  for (const [name, type] of OFFER_COLUMNS) if (!offerColumns.includes(name)) await db.schema.alterTable('market_offers').addColumn(name, type).execute();
  for (const name of ['prices_due', 'rating_due'])
    if (!offerColumns.includes(name))
      await db.schema
        .alterTable('market_offers')
        .addColumn(name, 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
  if (!(await sqliteColumnsOf(db, 'shops')).includes('min_margin_percent'))
    await db.schema.alterTable('shops').addColumn('min_margin_percent', 'real').execute();
  await db.schema
    .createTable('product_market_watch')
    .ifNotExists()
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    /** The worst index of its offers, and its rank (SUPER 1 … RED 4; WITHOUT_INDEX 0) the list sorts by. */
    .addColumn('price_index', 'text')
    .addColumn('price_index_rank', 'integer')
    .addColumn('content_rating', 'real')
    .addColumn('real_margin_percent', 'real')
    .addColumn('planned_margin_percent', 'real')
    .addColumn('below_floor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['price_index_rank', 'content_rating', 'real_margin_percent'])
    await db.schema.createIndex(`product_market_watch_${column}_idx`).ifNotExists().on('product_market_watch').columns([column, 'product_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_market_watch').ifExists().execute();
  // SQLite's DROP COLUMN re-checks every trigger in the schema, not only the altered table's, and trips over 008's
  // count triggers (see 016); unused nullable or defaulted columns are harmless there, so only PostgreSQL drops them.
  if (isSqlite(db)) return;
  await db.schema.alterTable('shops').dropColumn('min_margin_percent').execute();
  for (const name of ['prices_due', 'rating_due', ...OFFER_COLUMNS.map(([column]) => column)])
    await db.schema.alterTable('market_offers').dropColumn(name).execute();
}
