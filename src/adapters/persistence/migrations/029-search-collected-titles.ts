import { type Kysely, type Selectable } from 'kysely';
import { type Database, type ProductTable } from '../database.ts';
import { rowToProductInMigration } from '../product-rows.ts';
import { searchTextOf } from '../search-text.ts';

const BATCH = 500;

/**
 * The search text now holds the collected Chinese titles (issue 32 item 9: after the Russian copy was applied,
 * searching 耳机 found nothing): every product's is written again, in batches by id; SQLite's index follows through
 * its triggers, PostgreSQL's trigram index by itself. Only rows whose text changes are written.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>;
  let after = '';
  for (;;) {
    const rows = (await db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Selectable<ProductTable>[];
    for (const row of rows) {
      const text = searchTextOf(rowToProductInMigration(row));
      if (text !== row.search_text) await db.updateTable('products').set({ search_text: text }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The longer text is harmless to earlier versions (they rewrite it at the product's next save). */
export async function down(): Promise<void> {}
