import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Sends whose answer was lost (issue 20, a kill -9 mid-publish): a publish record notes when a send of its new card
 * started, until the answer is stored, so a restart asks the marketplace for the card instead of sending it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the column in place (see down), so an up after it finds it there.
  const columns = await sqliteColumnsOf(db, 'publish_tasks');
  if (!columns.includes('send_started_at')) await db.schema.alterTable('publish_tasks').addColumn('send_started_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over the search triggers (see 016).
  if (!isSqlite(db)) await db.schema.alterTable('publish_tasks').dropColumn('send_started_at').execute();
}
