import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf as columnsOf } from '../dialect-of.ts';

/**
 * Stock on a warehouse (issue 31): a shop's default warehouse and stock, a product's `sale_stock` (variants keep
 * theirs in their JSON), one durable record per offer–warehouse pair on its way to the marketplace, and the log of
 * stock requests per shop that keeps them within the marketplace's per-minute limit across instances and restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the columns in place (see down), so an up after it finds them there.
  const shopColumns = await columnsOf(db, 'shops');
  if (!shopColumns.includes('default_warehouse_id')) await db.schema.alterTable('shops').addColumn('default_warehouse_id', 'bigint').execute();
  if (!shopColumns.includes('default_stock'))
    await db.schema
      .alterTable('shops')
      .addColumn('default_stock', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  if (!(await columnsOf(db, 'products')).includes('sale_stock')) await db.schema.alterTable('products').addColumn('sale_stock', 'integer').execute();

  await db.schema
    .createTable('stock_sends')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('shop_id', 'text', (column) => column.notNull())
    .addColumn('warehouse_id', 'bigint', (column) => column.notNull())
    .addColumn('offer_id', 'text', (column) => column.notNull())
    .addColumn('product_id', 'text', (column) => column.notNull())
    .addColumn('variant_id', 'text')
    .addColumn('market_product_id', 'bigint')
    .addColumn('stock', 'integer', (column) => column.notNull())
    .addColumn('revision', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('errors', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('due_at', 'text', (column) => column.notNull())
    .addColumn('holder', 'text')
    .addColumn('held_until', 'text')
    .addColumn('next_allowed_at', 'text')
    .addColumn('sent_stock', 'integer')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('stock_sends_pair_idx').ifNotExists().unique().on('stock_sends').columns(['shop_id', 'warehouse_id', 'offer_id']).execute();
  await db.schema.createIndex('stock_sends_due_idx').ifNotExists().on('stock_sends').columns(['status', 'shop_id', 'due_at']).execute();
  await db.schema.createIndex('stock_sends_product_idx').ifNotExists().on('stock_sends').columns(['product_id']).execute();

  await db.schema
    .createTable('stock_requests')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('shop_id', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('stock_requests_shop_idx').ifNotExists().on('stock_requests').columns(['shop_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_requests').ifExists().execute();
  await db.schema.dropTable('stock_sends').ifExists().execute();
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over the search triggers (see 016).
  if (!isSqlite(db)) {
    await db.schema.alterTable('products').dropColumn('sale_stock').execute();
    await db.schema.alterTable('shops').dropColumn('default_stock').execute();
    await db.schema.alterTable('shops').dropColumn('default_warehouse_id').execute();
  }
}
