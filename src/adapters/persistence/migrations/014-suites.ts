import { type Kysely, sql } from 'kysely';

/**
 * Suite jobs persist (docs/decisions.md, AI): a job answers after a restart, and one interrupted by a restart (or by its
 * process dying) continues from the images it has. `work` is what the remaining images need (the expanded plan,
 * names, references, texts, watermark settings); `claimed_until` is the lease of the process generating it
 * (null: nobody; a past time: its process died and another may continue it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suite_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('style_set', 'integer', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('ratio', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('work', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('suite_jobs_product_idx').on('suite_jobs').columns(['product_id', 'created_at']).execute();
  await sql`create index suite_jobs_unfinished_idx on suite_jobs (created_at, id) where status in ('pending', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('suite_jobs').ifExists().execute();
}
