import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/**
 * The seller's workbench (issue 14):
 * - list filters and sorts at 100 000 products: an index per sort within a stage, platform with stage, and a
 *   partial index of the few products with failed images (the `has_failed_assets` filter reads it, not assets);
 * - `jobs` and `job_items`: durable background work (bulk copy and suite now, image translation later), claimed
 *   with a lease so another process, or this one after a restart, takes over work whose owner died.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_stage_created_idx').on('products').columns(['stage', 'created_at', 'id']).execute();
  // Price sorts put unpriced products first ascending and last descending (NULL is the smallest, SQLite's own
  // order): PostgreSQL's indexes say NULLS FIRST so one index serves both directions there too.
  if (isSqlite(db)) {
    await db.schema.createIndex('products_stage_price_idx').on('products').columns(['stage', 'price', 'id']).execute();
    await db.schema.createIndex('products_price_idx').on('products').columns(['price', 'id']).execute();
  } else {
    await sql`create index products_stage_price_idx on products (stage, price nulls first, id)`.execute(db);
    await sql`create index products_price_idx on products (price nulls first, id)`.execute(db);
  }
  await db.schema.createIndex('products_stage_name_idx').on('products').columns(['stage', 'name', 'id']).execute();
  await db.schema.createIndex('products_name_idx').on('products').columns(['name', 'id']).execute();
  await db.schema.createIndex('products_platform_stage_idx').on('products').columns(['source_platform', 'stage', 'updated_at']).execute();
  // A platform's page across the live stages, newest first: walked in order, not 25 000 rows read and sorted.
  await db.schema.createIndex('products_platform_updated_idx').on('products').columns(['source_platform', 'updated_at', 'id']).execute();
  await sql`create index assets_failed_product_idx on assets (product_id) where status = 'failed'`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'lease_until']).execute();
  await db.schema
    .createTable('job_items')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_items').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
  for (const index of [
    'products_stage_created_idx',
    'products_stage_price_idx',
    'products_price_idx',
    'products_stage_name_idx',
    'products_name_idx',
    'products_platform_stage_idx',
    'products_platform_updated_idx',
    'assets_failed_product_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
