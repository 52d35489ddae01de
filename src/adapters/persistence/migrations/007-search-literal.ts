import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';
import { createSearchTrigrams, type TrigramTokenizer } from './006-search-index.ts';

/**
 * SQLite's trigram index matches literally. FTS5's trigram tokenizer folds case by default, and its folding
 * goes beyond JavaScript's lower-casing (`ς` matched `σ`, `ſ` matched `s`), so a 3+ character `q` could find
 * products that the character-pair index, the long-query check (`instr`) and PostgreSQL's LIKE would not.
 * The text and `q` are both lower-cased before they meet (search-text.ts, kysely-product-list.ts), so a
 * case-sensitive index is exactly "the text holds `q`", which kept totals (008) rely on.
 * The triggers of 006 name the table and need no change. Rebuilding it took 2.4 s over 100 000 products.
 */
async function rebuild(db: Kysely<unknown>, tokenize: TrigramTokenizer): Promise<void> {
  await sql`drop table product_search_trigrams`.execute(db);
  await createSearchTrigrams(db, tokenize);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, 'trigram case_sensitive 1');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, 'trigram');
}
