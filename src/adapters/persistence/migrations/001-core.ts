import { type Kysely, sql } from 'kysely';

/** Products, their sources and assets, and a settings table: the tables every feature reads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision')
    .addColumn('old_price', 'double precision')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('vat', 'text', (c) => c.notNull())
    .addColumn('weight', 'double precision')
    .addColumn('weight_unit', 'text', (c) => c.notNull())
    .addColumn('depth', 'double precision')
    .addColumn('width', 'double precision')
    .addColumn('height', 'double precision')
    .addColumn('dimension_unit', 'text', (c) => c.notNull())
    .addColumn('barcode', 'text', (c) => c.notNull())
    .addColumn('description_category_id', 'bigint')
    .addColumn('type_id', 'bigint')
    .addColumn('primary_image', 'text')
    .addColumn('images', 'text')
    .addColumn('source_platform', 'text', (c) => c.notNull())
    .addColumn('source_item_id', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('marketplace_product_id', 'text')
    .addColumn('published_at', 'text')
    .addColumn('fx_rate', 'double precision')
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('pricing', 'text', (c) => c.notNull())
    .addColumn('copy', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('complex_attributes', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_updated_idx').on('products').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('products_stage_updated_idx').on('products').columns(['stage', 'updated_at', 'id']).execute();
  await db.schema.createIndex('products_offer_id_idx').on('products').column('offer_id').execute();

  await db.schema
    .createTable('product_sources')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sources_pk', ['product_id', 'platform', 'item_id'])
    .execute();
  await db.schema.createIndex('product_sources_item_idx').on('product_sources').columns(['platform', 'item_id']).execute();

  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('variant_name', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('referer', 'text', (c) => c.notNull())
    .addColumn('stored_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assets_product_idx').on('assets').columns(['product_id', 'group_key', 'idx']).execute();
  await db.schema.createIndex('assets_status_idx').on('assets').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`select 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'assets', 'product_sources', 'products']) await db.schema.dropTable(table).ifExists().execute();
}
