import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';

/**
 * Both databases keep the totals of broad searches (migrations 008 and 010, whose triggers keep them exact):
 * counting 90 000 matches costs 20–40 ms, and a seller paging through them, or a list refreshed after each
 * autosave, would pay it every time.
 * - `minMatches`: a search is kept from this many matches; counting fewer costs a few milliseconds at most.
 * - `capacity`: how many are kept, the most recently counted; every product write checks each of them.
 */
export type SearchCountOptions = { readonly minMatches: number; readonly capacity: number };
export const SEARCH_COUNT_DEFAULTS: SearchCountOptions = { minMatches: 2_000, capacity: 64 };

/** A search as kept: `q` trimmed and lower-cased, `stage` empty for every live stage. */
export type Search = { readonly q: string; readonly stage: string };

export async function keptTotal(db: Kysely<Database>, search: Search): Promise<number | undefined> {
  const { rows } = await sql<{ total: number }>`select total from product_search_counts where q = ${search.q} and stage = ${search.stage}`.execute(db);
  return rows[0] === undefined ? undefined : Number(rows[0].total);
}

/**
 * Runs `count` and, for a broad search, keeps its result. Both happen in one transaction: a write between them
 * would be missed by the triggers (the search is not kept yet) and leave the kept total wrong for good.
 * SQLite's single writer makes that so. PostgreSQL writers run side by side, so the table is locked first in a
 * mode that conflicts with the triggers' updates: the count waits for writers whose triggers have run to commit
 * (and sees them), and later writers wait for this transaction and then see its row.
 */
export async function countAndKeep(db: Kysely<Database>, count: RawBuilder<{ n: number }>, search: Search, options: SearchCountOptions): Promise<number> {
  const run = async (trx: Kysely<Database>): Promise<number> => {
    if (!isSqlite(trx as Kysely<unknown>)) await sql`lock table product_search_counts in share row exclusive mode`.execute(trx);
    const total = Number((await count.execute(trx)).rows[0]?.n ?? 0);
    if (total < options.minMatches) return total;
    await sql`insert into product_search_counts (q, stage, total) values (${search.q}, ${search.stage}, ${total})
      on conflict (q, stage) do update set total = excluded.total`.execute(trx);
    await sql`delete from product_search_counts
      where id <= (select id from product_search_counts order by id desc limit 1 offset ${options.capacity})`.execute(trx);
    return total;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
