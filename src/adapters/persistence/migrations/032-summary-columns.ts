import { type Kysely, type Selectable, sql } from 'kysely';
import { type Database, type ProductTable } from '../database.ts';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';
import { derivedColumnsOf, rowToProductInMigration } from '../product-rows.ts';

const BATCH = 500;
/** The added columns and their types; a row written before the backfill reads as no title, one card, no platform. */
const ADDED = { collected_title: 'text', card_count: 'integer not null default 1', source_platforms: "text not null default ''" } as const;
const COLUMNS = Object.keys(ADDED) as (keyof typeof ADDED)[];

/**
 * Three columns derived from each product and written with its row (product-rows.ts, DERIVED_COLUMNS; issue 32):
 * `collected_title`, the first collected Chinese title the list shows beside a Russian name; `card_count`, the cards
 * publishing it sends (the bulk publish page counts the quota in cards); `source_platforms`, every platform it was
 * collected from, so the platform filter is one column test again (it probed `product_sources` per product since
 * follow-selling appended sources). Existing rows are written in batches by id, only those whose values differ from
 * the defaults; neither the version nor `updated_at` moves.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>;
  // On SQLite a down step leaves the columns in place (see down), so an up after it finds them there.
  const present = await sqliteColumnsOf(untyped, 'products');
  const ifMissing = isSqlite(untyped) ? sql`` : sql`if not exists `;
  for (const [column, type] of Object.entries(ADDED))
    if (!present.includes(column)) await sql`alter table products add column ${ifMissing}${sql.id(column)} ${sql.raw(type)}`.execute(db);
  let after = '';
  for (;;) {
    const rows = (await db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Selectable<ProductTable>[];
    for (const row of rows) {
      const derived = derivedColumnsOf(rowToProductInMigration(row));
      const changed = Object.fromEntries(COLUMNS.filter((column) => derived[column] !== row[column]).map((column) => [column, derived[column]]));
      if (Object.keys(changed).length > 0) await db.updateTable('products').set(changed).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  // A platform's products by stage, and across the live stages newest first, as 012's indexes on source_platform did.
  await db.schema.createIndex('products_platforms_stage_idx').ifNotExists().on('products').columns(['source_platforms', 'stage', 'updated_at', 'id']).execute();
  await db.schema.createIndex('products_platforms_updated_idx').ifNotExists().on('products').columns(['source_platforms', 'updated_at', 'id']).execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema.dropIndex('products_platforms_stage_idx').ifExists().execute();
  await untyped.schema.dropIndex('products_platforms_updated_idx').ifExists().execute();
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers (see 028 and 030).
  if (isSqlite(untyped)) return;
  for (const column of COLUMNS) await untyped.schema.alterTable('products').dropColumn(column).execute();
}
