import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/**
 * Background work that stays bounded and survives (issue 15, docs/decisions.md, Background work): pending downloads are claimed from
 * the database a few at a time. `claimed_until` is the claim's lease (null: free); a claim that lapsed (its process
 * died) is free again. The partial index holds only unfinished downloads in claim order, so claiming the next few
 * reads a few index entries whatever the number of stored images.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // After a down step SQLite still has the column (see `down`).
  const kept =
    isSqlite(db) && (await sql<{ name: string }>`select name from pragma_table_info('assets') where name = 'claimed_until'`.execute(db)).rows.length > 0;
  if (!kept) await db.schema.alterTable('assets').addColumn('claimed_until', 'text').execute();
  await sql`create index assets_unfinished_idx on assets (created_at, id) where status in ('pending', 'downloading')`.execute(db);
}

/**
 * SQLite keeps the column: its DROP COLUMN re-checks every trigger of the schema, and mid-way down the search
 * triggers of 008 name tables later steps remove. A nullable column no earlier code reads is harmless.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_unfinished_idx`.execute(db);
  if (!isSqlite(db)) await db.schema.alterTable('assets').dropColumn('claimed_until').execute();
}
