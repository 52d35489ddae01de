import { type Kysely } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/** Notifications, shops' group robots and the messages queued for them (docs/decisions.md, Notifications). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('variant_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    // Unique while set: the one open episode of a subject (NULLs never collide, in either dialect).
    .addColumn('open_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('notifications_at_idx').on('notifications').columns(['at', 'id']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['read', 'at']).execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url_sealed', 'text', (c) => c.notNull())
    .addColumn('url_masked', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text')
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('holder', 'text')
    .execute();
  await db.schema.createIndex('webhooks_shop_idx').on('webhooks').columns(['shop_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_queue_idx').on('webhook_deliveries').columns(['webhook_id', 'status', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhooks', 'notifications']) await db.schema.dropTable(table).ifExists().execute();
}
