import { type Kysely, sql } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Follow-selling (issue 34): a product's `publish_mode` (`copy` offers it on the marketplace card it was collected
 * from, `create` makes a full card) and the marketplace page's price when collected (`market_price_rub`).
 * Products collected from the marketplace page itself, with its SKU (a positive integer) as `source_item_id`, start
 * as copies; every other product stays `create`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // On SQLite a down step leaves the columns in place (see down), so an up after it finds them there.
    const columns = await sqliteColumnsOf(db, 'products');
    if (!columns.includes('publish_mode'))
      await db.schema
        .alterTable('products')
        .addColumn('publish_mode', 'text', (column) => column.notNull().defaultTo('create'))
        .execute();
    if (!columns.includes('market_price_rub')) await db.schema.alterTable('products').addColumn('market_price_rub', 'double precision').execute();
  } else {
    await sql`alter table products add column if not exists publish_mode text not null default 'create'`.execute(db);
    await sql`alter table products add column if not exists market_price_rub double precision`.execute(db);
  }
  const isSku = isSqlite(db)
    ? sql`source_item_id <> '' and source_item_id not glob '*[^0-9]*' and source_item_id not like '0%'`
    : sql`source_item_id ~ '^[1-9][0-9]*$'`;
  await sql`update products set publish_mode = 'copy' where source_platform = 'ozon' and ${isSku}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers (see 016).
  if (isSqlite(db)) return;
  await db.schema.alterTable('products').dropColumn('publish_mode').execute();
  await db.schema.alterTable('products').dropColumn('market_price_rub').execute();
}
