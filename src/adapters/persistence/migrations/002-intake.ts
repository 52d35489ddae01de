import { type Kysely } from 'kysely';

/** Direct-upload tickets and extension telemetry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_tickets_expires_idx').on('upload_tickets').column('expires_at').execute();

  await db.schema
    .createTable('ext_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ext_logs_order_idx').on('ext_logs').columns(['received_at', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ext_logs').ifExists().execute();
  await db.schema.dropTable('upload_tickets').ifExists().execute();
}
