import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Variants merged on one card (issue 20, docs/decisions.md, Variants): a product's variants live in its row as JSON (they are
 * read and versioned with it); `product_offers` lists every variant's offer id so "unique among all offers" is
 * one indexed lookup; a publish record names the variant it sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves these columns in place (see down), so an up after it finds them there.
  const columnsOf = (table: string) => sqliteColumnsOf(db, table);
  if (!(await columnsOf('products')).includes('variants')) {
    await db.schema
      .alterTable('products')
      .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
  if (!(await columnsOf('publish_tasks')).includes('variant_id')) {
    await db.schema.alterTable('publish_tasks').addColumn('variant_id', 'text').execute();
  }
  await db.schema
    .createTable('product_offers')
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_offers_offer_idx').on('product_offers').columns(['offer_id', 'product_id']).execute();
  await db.schema.createIndex('product_offers_product_idx').on('product_offers').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_offers').ifExists().execute();
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers; unused
  // columns are harmless there, so only PostgreSQL drops them.
  if (!isSqlite(db)) {
    await db.schema.alterTable('publish_tasks').dropColumn('variant_id').execute();
    await db.schema.alterTable('products').dropColumn('variants').execute();
  }
}
