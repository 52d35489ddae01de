import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect-of.ts';

/**
 * SQLite's exact `total` of broad searches, kept rather than recounted. Counting the matches of a phrase that
 * most products hold (`для дома`, `https`) walks every one of them in the index: 20–40 ms over 100 000
 * products, paid again for each page and each refresh of the list. `product_search_counts` keeps the totals of
 * such searches (kept-search-totals.ts decides which) and these triggers keep them exact: each product write
 * adds or removes itself from the totals of the searches it enters or leaves, in the same transaction (a
 * rollback undoes both), whichever connection writes.
 *
 * A row is one search: `q` normalised as searched (trimmed, lower-cased), `stage` empty for all live stages.
 * It matches a product as the search indexes do (006): live (not archived), in the stage, holding `q`.
 */
const matches = (product: 'old' | 'new') => {
  const p = sql.raw(product);
  return sql`(${p}.stage != 'archived' and (counted.stage = '' or counted.stage = ${p}.stage) and instr(${p}.search_text, counted.q) > 0)`;
};

const TRIGGERS = ['product_search_count_insert', 'product_search_count_delete', 'product_search_count_update'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  // The integer key orders rows by when they were counted: the oldest are dropped first.
  await sql`create table product_search_counts (id integer primary key, q text not null, stage text not null, total integer not null,
    unique (q, stage))`.execute(db);
  await sql`create trigger product_search_count_insert after insert on products begin
    update product_search_counts as counted set total = total + 1 where ${matches('new')}; end`.execute(db);
  await sql`create trigger product_search_count_delete after delete on products begin
    update product_search_counts as counted set total = total - 1 where ${matches('old')}; end`.execute(db);
  // Only the searches a write enters or leaves change (an autosave of the description touches none).
  await sql`create trigger product_search_count_update after update on products
    when old.search_text is not new.search_text or old.stage is not new.stage begin
    update product_search_counts as counted set total = total + ${matches('new')} - ${matches('old')} where ${matches('new')} != ${matches('old')}; end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists product_search_counts`.execute(db);
}
