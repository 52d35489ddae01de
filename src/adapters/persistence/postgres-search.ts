import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type ProductListQuery } from '../../application/ports/product-repository.ts';
import { type Database } from './database.ts';
import { countAndKeep, keptTotal, type SearchCountOptions } from './kept-search-totals.ts';
import { containsPattern } from './like-pattern.ts';
import { searchWindow } from './search-index.ts';

/** pg_trgm indexes substrings of 3+ characters; shorter ones are in the gram index (migration 009). */
const SHORT_QUERY_MAX_CHARS = 2;

/**
 * Live products whose text holds `q` (trimmed, lower-cased), in the form one of 009's GIN indexes answers. A
 * long `q` is looked up by its most telling window and checked in full: pg_trgm intersects every trigram of
 * the phrase (a pasted link: 40 of them, 8 ms for one match; its window: 0.3 ms).
 */
export function indexedHolds(q: string): RawBuilder<unknown> {
  if ([...q].length <= SHORT_QUERY_MAX_CHARS) return sql`lws_search_grams(search_text) @> array[${q}]::text[]`;
  const window = searchWindow(q);
  const like = sql`search_text like ${containsPattern(window ?? q)} escape '\\'`;
  return window === undefined ? like : sql`${like} and strpos(search_text, ${q}) > 0`;
}

/**
 * A page of a search that matches at least this share of the products it searches walks them newest first,
 * checking each (at most ~20 rows per row shown); a narrower one reads its matches from the GIN index and
 * sorts them. Left to itself the planner walked for 4 000 matches of 99 000, calling the gram function on
 * each row walked (16 ms instead of 3).
 */
const WALK_MIN_SHARE = 0.05;

async function searchedCount(db: Kysely<Database>, stage: string | undefined): Promise<number> {
  const where = stage ? sql`stage = ${stage}` : sql`stage != 'archived'`;
  const { rows } = await sql<{ n: number }>`select coalesce(sum(n), 0) as n from product_stage_counts where ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The number of live products (in `stage`, if given) whose text holds `q`: kept, or counted and kept if broad. */
export async function postgresSearchTotal(db: Kysely<Database>, q: string, stage: string | undefined, options: SearchCountOptions): Promise<number> {
  const inStage = stage ? sql`and stage = ${stage}` : sql``;
  const search = { q, stage: stage ?? '' };
  const count = sql<{ n: number }>`select count(*) as n from product_search_texts where ${indexedHolds(q)} ${inStage}`;
  return (await keptTotal(db, search)) ?? (await countAndKeep(db, count, search, options));
}

/**
 * PostgreSQL search over `product_search_texts` (migrations 009 and 010): the total (kept, or counted from the
 * GIN index), and the ids of one page, newest-updated first. Archived products are not in the table.
 */
export async function searchPostgres(
  db: Kysely<Database>,
  q: string,
  query: ProductListQuery,
  options: SearchCountOptions,
): Promise<{ total: number; ids: string[] }> {
  const inStage = query.stage ? sql`and stage = ${query.stage}` : sql``;
  const total = await postgresSearchTotal(db, q, query.stage, options);
  if (total === 0) return { total, ids: [] };
  const offset = (query.page - 1) * query.pageSize;
  const page =
    total >= WALK_MIN_SHARE * (await searchedCount(db, query.stage))
      ? // strpos is the same test, but no index answers it: the planner walks the recency index and stops.
        sql<{ product_id: string }>`select product_id from product_search_texts where strpos(search_text, ${q}) > 0 ${inStage}
        order by updated_at desc, product_id desc limit ${query.pageSize} offset ${offset}`
      : sql<{ product_id: string }>`with found as materialized (select product_id, updated_at from product_search_texts where ${indexedHolds(q)} ${inStage})
        select product_id from found order by updated_at desc, product_id desc limit ${query.pageSize} offset ${offset}`;
  const { rows } = await page.execute(db);
  return { total, ids: rows.map((row) => row.product_id) };
}
