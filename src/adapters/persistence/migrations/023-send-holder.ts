import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Who holds a publish record being sent (issue 20): the request that made it, or the background sender that claimed
 * it once the request's lease (PUBLISH_SEND_LEASE) lapsed. A send's outcome is written only while its sender still
 * holds the record, so a request answered (or timed out) after a take-over cannot overwrite what the new holder settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the column in place (see down), so an up after it finds it there.
  const columns = await sqliteColumnsOf(db, 'publish_tasks');
  if (!columns.includes('send_holder')) await db.schema.alterTable('publish_tasks').addColumn('send_holder', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over the search triggers (see 016).
  if (!isSqlite(db)) await db.schema.alterTable('publish_tasks').dropColumn('send_holder').execute();
}
