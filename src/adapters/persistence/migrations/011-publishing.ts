import { type Kysely, sql } from 'kysely';

const COMMON = ['product_id', 'shop_id', 'offer_id', 'status', 'marketplace_product_id', 'errors', 'attempts', 'next_poll_at', 'created_at', 'updated_at'];

/**
 * Publishing as sellers do it (issue 13): one marketplace task carries up to 100 products, so `publish_tasks`
 * becomes one row per product and send: its own `id`, the marketplace `task_id` (null while the row waits for
 * quota, status `waiting_quota`, `next_poll_at` = when to send), the `operation` (`import`, `pictures`,
 * `prices`) and the `card` that was sent (JSON, for telling an image or price change from a full update).
 * Rebuilt under the same name, rows kept (their id is their task id). No ALTER TABLE … RENAME: SQLite re-checks
 * every trigger of the schema on a rename, and the search triggers name columns of their own tables' aliases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table publish_tasks_010 as select * from publish_tasks`.execute(db);
  await db.schema.dropTable('publish_tasks').execute();
  await db.schema
    .createTable('publish_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('marketplace_product_id', 'text')
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_poll_at', 'text')
    .addColumn('card', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.join(COMMON.map((column) => sql.ref(column)));
  await sql`insert into publish_tasks (id, task_id, operation, ${columns}) select task_id, task_id, 'import', ${columns} from publish_tasks_010`.execute(db);
  await db.schema.dropTable('publish_tasks_010').execute();
  await db.schema.createIndex('publish_tasks_due_idx').on('publish_tasks').columns(['status', 'next_poll_at']).execute();
  await db.schema.createIndex('publish_tasks_product_idx').on('publish_tasks').columns(['product_id', 'created_at']).execute();
  await db.schema.createIndex('publish_tasks_shop_idx').on('publish_tasks').columns(['shop_id', 'status']).execute();
  await db.schema.createIndex('publish_tasks_task_idx').on('publish_tasks').columns(['task_id']).execute();
}

/** Back to one row per task: waiting rows (no task yet) are dropped, a task's first row is kept. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create table publish_tasks_011 as select * from publish_tasks`.execute(db);
  await db.schema.dropTable('publish_tasks').execute();
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
  const columns = sql.join(COMMON.map((column) => sql.ref(column)));
  await sql`insert into publish_tasks (task_id, ${columns}) select task_id, ${columns} from publish_tasks_011 where task_id is not null and id in (select min(id) from publish_tasks_011 group by task_id)`.execute(
    db,
  );
  await db.schema.dropTable('publish_tasks_011').execute();
  await db.schema.createIndex('publish_tasks_due_idx').on('publish_tasks').columns(['status', 'next_poll_at']).execute();
  await db.schema.createIndex('publish_tasks_product_idx').on('publish_tasks').columns(['product_id', 'created_at']).execute();
  await db.schema.createIndex('publish_tasks_shop_idx').on('publish_tasks').columns(['shop_id', 'status']).execute();
}
