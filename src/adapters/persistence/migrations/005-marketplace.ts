import { type Kysely } from 'kysely';

/** Shops (keys sealed), publish tasks (pending ones are resumed at start) and the category cache. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shops')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    .addColumn('api_key_last4', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('key_expires_at', 'text')
    .addColumn('last_tested_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shops_updated_idx').on('shops').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('shops_status_idx').on('shops').columns(['status', 'created_at']).execute();

  // No foreign keys to products or shops: the history outlives a hard-deleted product or a removed shop.
  await db.schema
    .createTable('publish_tasks')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('marketplace_product_id', 'text')
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_poll_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publish_tasks_due_idx').on('publish_tasks').columns(['status', 'next_poll_at']).execute();
  await db.schema.createIndex('publish_tasks_product_idx').on('publish_tasks').columns(['product_id', 'created_at']).execute();
  await db.schema.createIndex('publish_tasks_shop_idx').on('publish_tasks').columns(['shop_id', 'status']).execute();

  await db.schema
    .createTable('category_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['category_cache', 'publish_tasks', 'shops']) await db.schema.dropTable(table).ifExists().execute();
}
