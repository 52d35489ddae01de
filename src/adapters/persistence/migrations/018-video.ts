import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/** Videos (issue 20, docs/decisions.md, Videos): an asset keeps the duration read from its file, for the publish checks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the column in place (see down), so an up after it finds it there.
  const columns = await sqliteColumnsOf(db, 'assets');
  if (!columns.includes('duration_ms')) await db.schema.alterTable('assets').addColumn('duration_ms', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers (see 016).
  if (!isSqlite(db)) await db.schema.alterTable('assets').dropColumn('duration_ms').execute();
}
