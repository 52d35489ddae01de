import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/**
 * Translations name their source (issue 20, rich content prefers translated detail pictures): a picture in the
 * `translated` group keeps the asset id of the picture whose text it carries in Russian.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite a down step leaves the column in place (see down), so an up after it finds it there.
  const columns = await sqliteColumnsOf(db, 'assets');
  if (!columns.includes('translated_from')) await db.schema.alterTable('assets').addColumn('translated_from', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers (see 016).
  if (!isSqlite(db)) await db.schema.alterTable('assets').dropColumn('translated_from').execute();
}
