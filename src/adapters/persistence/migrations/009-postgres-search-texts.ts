import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/**
 * PostgreSQL's `q` index, second version. 003's pg_trgm index sat on `products`, whose rows are wide (~1 KB:
 * description, raw, pricing…): a count over 100 000 of them read 98 MB and took 45–60 ms, and the planner chose
 * that scan even for 9 000 matches. Searches now read `product_search_texts`, a narrow copy of what a search
 * needs from each live (not archived) product, kept by a trigger on `products` (so every writer keeps it):
 * - a pg_trgm GIN index on the text, for `q` of 3+ characters (LIKE '%q%');
 * - a GIN index on `lws_search_grams(text)`: every character and pair of adjacent characters, for `q` of 1–2
 *   characters, which pg_trgm cannot index (as SQLite's gram table, 006);
 * - (updated_at, product_id) and (stage, updated_at, product_id): a broad search's page walks them newest first.
 * Counting the 9 000 matches of `органайзер` now takes ~4 ms, not 50. Without pg_trgm the table is still
 * narrow, and a 3+ character search scans it.
 */
const TRACKED = sql`old.stage is distinct from new.stage or old.updated_at is distinct from new.updated_at
  or old.search_text is distinct from new.search_text`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  // Duplicate grams are left in: GIN keeps each key once per row, and skipping the sort keeps a write cheap (~7 µs).
  // Its declared cost is that of ~7 µs: at the default the planner chose to call it on 80 000 rows (600 ms)
  // rather than read the index, which answers `@>` exactly.
  await sql`create function lws_search_grams(text_ text) returns text[] language plpgsql immutable strict parallel safe cost 1000 as $$
    declare
      chars text[] := regexp_split_to_array(text_, '');
      grams text[] := chars;
    begin
      for i in 1 .. cardinality(chars) - 1 loop grams := grams || (chars[i] || chars[i + 1]); end loop;
      return grams;
    end $$`.execute(db);
  await sql`create table product_search_texts (product_id text primary key, stage text not null, updated_at text not null,
    search_text text not null)`.execute(db);
  await sql`insert into product_search_texts select id, stage, updated_at, search_text from products where stage != 'archived'`.execute(db);
  await sql`create function product_search_texts_track() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or new.stage = 'archived' then
        delete from product_search_texts where product_id = old.id;
      elsif tg_op = 'INSERT' or old.stage = 'archived' then
        insert into product_search_texts values (new.id, new.stage, new.updated_at, new.search_text);
      else
        update product_search_texts set stage = new.stage, updated_at = new.updated_at, search_text = new.search_text
          where product_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_search_texts_insert_delete after insert or delete on products
    for each row execute function product_search_texts_track()`.execute(db);
  await sql`create trigger product_search_texts_update after update of stage, updated_at, search_text on products
    for each row when (${TRACKED}) execute function product_search_texts_track()`.execute(db);

  await sql`create index product_search_texts_updated_idx on product_search_texts (updated_at, product_id)`.execute(db);
  await sql`create index product_search_texts_stage_idx on product_search_texts (stage, updated_at, product_id)`.execute(db);
  await sql`create index product_search_texts_grams_idx on product_search_texts using gin (lws_search_grams(search_text))`.execute(db);
  if (await hasPgTrgm(db)) {
    await sql`create index product_search_texts_trgm_idx on product_search_texts using gin (search_text public.gin_trgm_ops)`.execute(db);
    await sql`drop index if exists products_search_trgm_idx`.execute(db); // nothing reads it any more
  }
  await sql`analyze product_search_texts`.execute(db);
}

const hasPgTrgm = async (db: Kysely<unknown>): Promise<boolean> =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]?.n === 1;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop trigger if exists product_search_texts_insert_delete on products`.execute(db);
  await sql`drop trigger if exists product_search_texts_update on products`.execute(db);
  await sql`drop function if exists product_search_texts_track()`.execute(db);
  await sql`drop table if exists product_search_texts`.execute(db);
  await sql`drop function if exists lws_search_grams(text)`.execute(db);
  if (await hasPgTrgm(db)) {
    await sql`create index if not exists products_search_trgm_idx on products using gin (search_text public.gin_trgm_ops)`.execute(db);
  }
}
