import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';
import { SEARCH_GRAMS_FUNCTION, STAGE_CODE_LENGTH } from '../search-index.ts';
import { createSqliteTrigramSearch } from './003-catalog.ts';

/**
 * SQLite's `q` index, second version: every search, whatever its length and stage filter, is answered from an
 * index, never a scan of 100 000 rows. 003's trigram table could not answer queries of 1–2 characters, and
 * filtered by stage by reading each match's stored stage (~55 ms for a broad query); this replaces it with:
 * - `product_search_trigrams`: substrings of 3+ characters, and the stage (its code) as a second indexed
 *   column, so a stage filter is one more index lookup (`search_text : "…" AND stage : "rea"`);
 * - `product_search_grams`: every character and character pair of the text, and a stage token, for queries of
 *   1–2 characters (search-index.ts).
 * Both share the row ids of `product_search_rows`, which stay in write order (newest last, so a page walks the
 * index backwards and stops), and leave archived products out.
 * PostgreSQL keeps its pg_trgm index from 003, whose LIKE serves every length.
 */
const fn = sql.raw(SEARCH_GRAMS_FUNCTION);
const stageCode = (ref: 'p' | 'new') => sql`substr(${sql.raw(ref)}.stage, 1, ${sql.lit(STAGE_CODE_LENGTH)})`;
const oldRowid = sql`(select fts_rowid from product_search_rows where product_id = old.id)`;
const nextRowid = sql`coalesce((select max(fts_rowid) from product_search_rows), 0) + 1`;

/** Indexes the product as `new` reads, at the newest row id, when `condition` holds. */
const index = (condition: RawBuilder<unknown>) => sql`
  insert into product_search_rows (product_id, fts_rowid) select new.id, ${nextRowid} where ${condition};
  insert into product_search_trigrams (rowid, search_text, stage)
    select fts_rowid, new.search_text, ${stageCode('new')} from product_search_rows where product_id = new.id and ${condition};
  insert into product_search_grams (rowid, grams)
    select fts_rowid, ${fn}(new.search_text, new.stage) from product_search_rows where product_id = new.id and ${condition};`;

/** Removes the product from the index when `condition` holds (a no-op for one not indexed). */
const unindex = (condition: RawBuilder<unknown>) => sql`
  delete from product_search_trigrams where ${condition} and rowid = ${oldRowid};
  delete from product_search_grams where ${condition} and rowid = ${oldRowid};
  delete from product_search_rows where ${condition} and product_id = old.id;`;

const always = sql`1`;
const live = sql`new.stage != 'archived'`;

/** 006 folds case like FTS5's default; 007 makes the index literal. */
export type TrigramTokenizer = 'trigram' | 'trigram case_sensitive 1';

/**
 * Creates `product_search_trigrams` with the given tokenizer and indexes every product `product_search_rows`
 * lists. It keeps a copy of the text: a long query's candidates are checked against it (search-index.ts).
 */
export async function createSearchTrigrams(db: Kysely<unknown>, tokenize: TrigramTokenizer): Promise<void> {
  await sql`create virtual table product_search_trigrams using fts5(search_text, stage, tokenize=${sql.lit(tokenize)})`.execute(db);
  await sql`insert into product_search_trigrams (rowid, search_text, stage)
    select r.fts_rowid, p.search_text, ${stageCode('p')} from product_search_rows r join products p on p.id = r.product_id`.execute(db);
}

const TRIGGERS = ['product_search_insert', 'product_search_delete', 'product_search_move', 'product_search_refresh'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_move', 'products_fts_refresh']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table products_fts`.execute(db);
  // Row ids only (detail=none): a 1–2 character query is one token, so positions would never be read.
  await sql`create virtual table product_search_grams using fts5(grams, content='', contentless_delete=1, detail=none, tokenize='ascii')`.execute(db);
  await createSearchTrigrams(db, 'trigram');
  await sql`insert into product_search_grams (rowid, grams)
    select r.fts_rowid, ${fn}(p.search_text, p.stage) from product_search_rows r join products p on p.id = r.product_id`.execute(db);

  await sql`create trigger product_search_insert after insert on products begin ${index(live)} end`.execute(db);
  await sql`create trigger product_search_delete after delete on products begin ${unindex(always)} end`.execute(db);
  // A write that moves `updated_at` moves the product to the newest row id; other changes keep its place.
  await sql`create trigger product_search_move after update on products when old.updated_at is not new.updated_at
    begin ${unindex(always)} ${index(live)} end`.execute(db);
  await sql`create trigger product_search_refresh after update on products
    when old.updated_at is new.updated_at and (old.search_text is not new.search_text or old.stage is not new.stage) begin
    update product_search_trigrams set search_text = new.search_text, stage = ${stageCode('new')} where rowid = ${oldRowid};
    update product_search_grams set grams = ${fn}(new.search_text, new.stage) where rowid = ${oldRowid};
    ${unindex(sql`new.stage = 'archived'`)}
    ${index(sql`old.stage = 'archived' and new.stage != 'archived'`)} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists product_search_trigrams`.execute(db);
  await sql`drop table if exists product_search_grams`.execute(db);
  await sql`drop table if exists product_search_rows`.execute(db);
  await createSqliteTrigramSearch(db);
}
