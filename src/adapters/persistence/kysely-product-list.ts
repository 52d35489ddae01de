import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { type AssetCount, type ProductListQuery, type ProductSummary } from '../../application/ports/product-repository.ts';
import { type Database, type ProductTable } from './database.ts';
import { countAndKeep, keptTotal, SEARCH_COUNT_DEFAULTS, type SearchCountOptions } from './kept-search-totals.ts';
import { containsPattern } from './like-pattern.ts';
import { searchPostgres } from './postgres-search.ts';
import { type SearchIndexQuery, searchIndexQuery } from './search-index.ts';

/**
 * The product list (the busiest read): one page, newest-updated first, with its total and per-page asset counts.
 * Written as plain SQL templates: the query builder's per-call compile costs as much as the query itself here.
 */
const SUMMARY_COLUMNS = ['id', 'stage', 'name', 'offer_id', 'price', 'source_platform', 'source_url', 'marketplace_product_id', 'created_at', 'updated_at'] as const;
const SUMMARY_SQL = sql.raw(SUMMARY_COLUMNS.join(', '));
type SummaryRow = Pick<Selectable<ProductTable>, (typeof SUMMARY_COLUMNS)[number]>;

async function assetCounts(db: Kysely<Database>, ids: string[]): Promise<Map<string, { counts: AssetCount; failed: number }>> {
  const result = new Map(ids.map((id) => [id, { counts: { main: 0, sku: 0, detail: 0 }, failed: 0 }]));
  if (ids.length === 0) return result;
  const { rows } = await sql<{ product_id: string; group_key: string; status: string; n: number }>`select product_id, group_key, status, count(*) as n
    from assets where product_id in (${sql.join(ids)}) group by product_id, group_key, status`.execute(db);
  for (const row of rows) {
    const entry = result.get(row.product_id)!;
    const n = Number(row.n);
    if (row.group_key === 'main' || row.group_key === 'sku' || row.group_key === 'detail') entry.counts = { ...entry.counts, [row.group_key]: entry.counts[row.group_key] + n };
    if (row.status === 'failed') entry.failed += n;
  }
  return result;
}

/** Candidates a long query's window may have for checking them in full to beat the exact phrase (~0.5 µs each). */
const WINDOW_CANDIDATES_MAX = 1_000;

/**
 * The WHERE clause of a search: the exact FTS5 query, or, for a long query whose window (search-index.ts) is
 * telling enough (a walk of at most 1 001 index entries says so), the window's hits checked against the full text.
 */
async function matchClause(db: Kysely<Database>, plan: SearchIndexQuery): Promise<RawBuilder<unknown>> {
  const from = sql.id(plan.table);
  if (plan.window) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from ${from}
      where ${from} match ${plan.window.match} limit ${WINDOW_CANDIDATES_MAX + 1})`.execute(db);
    if (Number(rows[0]?.n ?? 0) <= WINDOW_CANDIDATES_MAX) return sql`${from} match ${plan.window.match} and instr(search_text, ${plan.window.text}) > 0`;
  }
  return sql`${from} match ${plan.match}`;
}

/**
 * SQLite search over the FTS tables (search-index.ts): their rowids follow write order, so the page is the first
 * matches walking backwards, and the total a count of matches (or the kept total), neither touching the product rows.
 */
async function searchSqlite(db: Kysely<Database>, q: string, query: ProductListQuery, options: SearchCountOptions): Promise<{ total: number; rows: SummaryRow[] }> {
  const plan = searchIndexQuery(q, query.stage);
  const from = sql.id(plan.table);
  const where = await matchClause(db, plan);
  const search = { q, stage: query.stage ?? '' };
  const total = (await keptTotal(db, search)) ?? (await countAndKeep(db, sql<{ n: number }>`select count(*) as n from ${from} where ${where}`, search, options));
  const offset = (query.page - 1) * query.pageSize;
  const hits = await sql<{ rowid: number }>`select rowid from ${from} where ${where} order by rowid desc limit ${query.pageSize} offset ${offset}`.execute(db);
  if (hits.rows.length === 0) return { total, rows: [] };
  const found = await sql<SummaryRow & { fts_rowid: number }>`select ${SUMMARY_SQL}, r.fts_rowid from product_search_rows r
    join products on products.id = r.product_id where r.fts_rowid in (${sql.join(hits.rows.map((hit) => hit.rowid))})`.execute(db);
  const byRowid = new Map(found.rows.map(({ fts_rowid, ...row }) => [fts_rowid, row]));
  return { total, rows: hits.rows.map((hit) => byRowid.get(hit.rowid)).filter((row): row is SummaryRow => row !== undefined) };
}

/** The summaries of `ids`, in their order. */
async function summariesOf(db: Kysely<Database>, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SummaryRow>`select ${SUMMARY_SQL} from products where id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
}

async function searchIndexed(db: Kysely<Database>, sqlite: boolean, q: string, query: ProductListQuery, options: SearchCountOptions) {
  if (sqlite) return searchSqlite(db, q, query, options);
  const { total, ids } = await searchPostgres(db, q, query, options);
  return { total, rows: await summariesOf(db, ids) };
}

/**
 * Without `q` the total comes from the per-stage counters (migrations/003-catalog.ts). With `q`, only archived
 * products are listed here (the search indexes leave them out): a scan, but of a small and rarely searched set.
 */
async function listPlain(db: Kysely<Database>, q: string | undefined, query: ProductListQuery): Promise<{ total: number; rows: SummaryRow[] }> {
  const stage = query.stage ? sql`stage = ${query.stage}` : sql`stage != 'archived'`;
  const where = q ? sql`${stage} and search_text like ${containsPattern(q)} escape '\\'` : stage;
  const totalQuery = q
    ? sql<{ total: number }>`select count(*) as total from products where ${where}`
    : sql<{ total: number }>`select coalesce(sum(n), 0) as total from product_stage_counts where ${stage}`;
  const offset = (query.page - 1) * query.pageSize;
  const [totals, page] = await Promise.all([
    totalQuery.execute(db),
    sql<SummaryRow>`select ${SUMMARY_SQL} from products where ${where} order by updated_at desc, id desc limit ${query.pageSize} offset ${offset}`.execute(db),
  ]);
  return { total: Number(totals.rows[0]?.total ?? 0), rows: page.rows };
}

/** One page of summaries and the total of matches. */
export async function listProducts(
  db: Kysely<Database>,
  sqlite: boolean,
  query: ProductListQuery,
  searchCounts: SearchCountOptions = SEARCH_COUNT_DEFAULTS,
): Promise<{ total: number; items: ProductSummary[] }> {
  const q = query.q?.trim().toLowerCase() || undefined;
  const indexed = q !== undefined && query.stage !== 'archived';
  const { total, rows } = indexed ? await searchIndexed(db, sqlite, q, query, searchCounts) : await listPlain(db, q, query);
  const counts = await assetCounts(db, rows.map((row) => row.id));
  const items = rows.map((row) => ({
    ...row,
    stage: row.stage as ProductSummary['stage'],
    source_platform: row.source_platform as ProductSummary['source_platform'],
    asset_count: counts.get(row.id)!.counts,
    failed_assets: counts.get(row.id)!.failed,
  }));
  return { total: Number(total), items };
}
