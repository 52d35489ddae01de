import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/** The video cover (issue 20, complex attribute 100002): one stored video of a product may be marked as its cover. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the column in place (see down), so an up after it finds it there.
  const columns = await sqliteColumnsOf(db, 'assets');
  if (!columns.includes('video_cover'))
    await db.schema
      .alterTable('assets')
      .addColumn('video_cover', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers (see 016).
  if (!isSqlite(db)) await db.schema.alterTable('assets').dropColumn('video_cover').execute();
}
