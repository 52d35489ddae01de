import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/**
 * PostgreSQL's kept totals of broad searches, as SQLite's (008; kept-search-totals.ts decides which are kept):
 * counting the 99 000 matches of `https` reads every live product's text (~20 ms even in the narrow table of
 * 009). A trigger on `product_search_texts`, which holds exactly the live products, adds or removes each written
 * product from the totals of the searches it enters or leaves, in the writing transaction.
 * A first count locks this table against those triggers (kept-search-totals.ts), so no write can fall between
 * the count and the new row.
 */
const matches = (product: 'old' | 'new') => {
  const p = sql.raw(product);
  return sql`((counted.stage = '' or counted.stage = ${p}.stage) and strpos(${p}.search_text, counted.q) > 0)`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create table product_search_counts (id bigint generated always as identity primary key, q text not null,
    stage text not null, total bigint not null, unique (q, stage))`.execute(db);
  await sql`create function product_search_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update product_search_counts as counted set total = total + 1 where ${matches('new')};
      elsif tg_op = 'DELETE' then
        update product_search_counts as counted set total = total - 1 where ${matches('old')};
      else
        update product_search_counts as counted set total = total + ${matches('new')}::int - ${matches('old')}::int
          where ${matches('new')} != ${matches('old')};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_search_counts_insert_delete after insert or delete on product_search_texts
    for each row execute function product_search_counts_track()`.execute(db);
  // Only the searches a write enters or leaves change: an autosave that moves `updated_at` alone touches none.
  await sql`create trigger product_search_counts_update after update of stage, search_text on product_search_texts
    for each row when (old.stage is distinct from new.stage or old.search_text is distinct from new.search_text)
    execute function product_search_counts_track()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop trigger if exists product_search_counts_insert_delete on product_search_texts`.execute(db);
  await sql`drop trigger if exists product_search_counts_update on product_search_texts`.execute(db);
  await sql`drop function if exists product_search_counts_track()`.execute(db);
  await sql`drop table if exists product_search_counts`.execute(db);
}
