import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type MarketStateCounts } from '../../application/ports/market-offers.ts';
import { type ListSortKey, type ProductListQuery, type ProductSummary, type StageCounts } from '../../application/ports/product-repository.ts';
import { STAGES, type Stage } from '../../domain/catalog/product.ts';
import { type Platform } from '../../domain/common/platform.ts';
import { MARKET_STATES, type MarketState } from '../../domain/publishing/market-state.ts';
import { type Database } from './database.ts';
import { runFixed } from './fixed-queries.ts';
import { countAndKeep, keptTotal, SEARCH_COUNT_DEFAULTS, type SearchCountOptions } from './kept-search-totals.ts';
import { containsPattern } from './like-pattern.ts';
import { indexedHolds, postgresSearchTotal, searchPostgres } from './postgres-search.ts';
import { MANUAL_PLATFORM } from './product-rows.ts';
import { type SummaryRow, type SummarySelect, summariesWithAssets, summaryColumnsSql, summaryRow, summarySql } from './product-summary-rows.ts';
import { type SearchIndexQuery, searchIndexQuery } from './search-index.ts';
import { platformSets } from './source-platforms.ts';

/**
 * The product list (the busiest read): one page, newest-updated first, with its total and per-page asset counts.
 * Written as plain SQL templates: the query builder's per-call compile costs as much as the query itself here.
 */
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

/** The number of live products (in `stage`, if given) whose text holds `q`: kept, or counted and kept if broad. */
async function sqliteSearchTotal(
  db: Kysely<Database>,
  q: string,
  stage: string | undefined,
  options: SearchCountOptions,
  where?: RawBuilder<unknown>,
): Promise<number> {
  const search = { q, stage: stage ?? '' };
  const kept = await keptTotal(db, search);
  if (kept !== undefined) return kept;
  const plan = searchIndexQuery(q, stage);
  const clause = where ?? (await matchClause(db, plan));
  return countAndKeep(db, sql<{ n: number }>`select count(*) as n from ${sql.id(plan.table)} where ${clause}`, search, options);
}

/**
 * SQLite search over the FTS tables (search-index.ts): their rowids follow write order, so the page is the first
 * matches walking backwards, and the total a count of matches (or the kept total), neither touching the product rows.
 */
async function searchSqlite(
  db: Kysely<Database>,
  q: string,
  query: ProductListQuery,
  options: SearchCountOptions,
): Promise<{ total: number; rows: SummaryRow[] }> {
  const plan = searchIndexQuery(q, query.stage);
  const from = sql.id(plan.table);
  const where = await matchClause(db, plan);
  const total = await sqliteSearchTotal(db, q, query.stage, options, where);
  const offset = (query.page - 1) * query.pageSize;
  const hits = await sql<{ rowid: number }>`select rowid from ${from} where ${where} order by rowid desc limit ${query.pageSize} offset ${offset}`.execute(db);
  if (hits.rows.length === 0) return { total, rows: [] };
  const found = await sql<SummarySelect & { fts_rowid: number }>`select ${summarySql(true)}, r.fts_rowid from product_search_rows r
    join products on products.id = r.product_id where r.fts_rowid in (${sql.join(hits.rows.map((hit) => hit.rowid))})`.execute(db);
  const byRowid = new Map(found.rows.map((row) => [row.fts_rowid, summaryRow(row.summary)]));
  return { total, rows: hits.rows.map((hit) => byRowid.get(hit.rowid)).filter((row): row is SummaryRow => row !== undefined) };
}

/** The summaries of `ids`, in their order. */
async function summariesOf(db: Kysely<Database>, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SummarySelect>`select ${summarySql(false)} from products where id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map(({ summary }) => summaryRow(summary)).map((row) => [row.id, row]));
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
async function listPlain(
  db: Kysely<Database>,
  sqlite: boolean,
  q: string | undefined,
  query: ProductListQuery,
): Promise<{ total: number; rows: SummaryRow[] }> {
  const stage = query.stage ? sql`stage = ${query.stage}` : sql`stage != 'archived'`;
  const where = q ? sql`${stage} and search_text like ${containsPattern(q)} escape '\\'` : stage;
  const offset = (query.page - 1) * query.pageSize;
  // Its parameters in the text's order: the stage, the pattern, the page.
  const parameters = [...(query.stage ? [query.stage] : []), ...(q ? [containsPattern(q)] : []), query.pageSize, offset];
  const key = `plain-page:${query.stage ? 'stage' : 'live'}:${q ? 'q' : ''}`;
  const select = (columns: RawBuilder<unknown>) =>
    sql`select ${columns} from products where ${where} order by updated_at desc, id desc limit ${query.pageSize} offset ${offset}`;
  // SQLite answers the columns as the row itself (summaryColumnsSql); PostgreSQL one JSON array per row.
  const page = sqlite
    ? runFixed(db, key, parameters, () => select(summaryColumnsSql) as RawBuilder<SummaryRow>)
    : runFixed(db, key, parameters, () => select(summarySql(false)) as RawBuilder<SummarySelect>).then((rows) =>
        rows.map(({ summary }) => summaryRow(summary)),
      );
  // The use case passes the total it read with the stage counts (the same counters or count): no second read of it.
  const totalQuery = q
    ? sql<{ total: number }>`select count(*) as total from products where ${where}`
    : sql<{ total: number }>`select coalesce(sum(n), 0) as total from product_stage_counts where ${stage}`;
  const [total, rows] = await Promise.all([query.knownTotal ?? totalQuery.execute(db).then(({ rows }) => Number(rows[0]?.total ?? 0)), page]);
  return { total, rows };
}

const isNewestFirst = (query: ProductListQuery): boolean => query.sort === undefined || (query.sort.key === 'updated_at' && query.sort.descending);

/** Whether the query asks only what the original list answered (stage, `q`, newest-updated first). */
const isPlain = (query: ProductListQuery): boolean =>
  query.platform === undefined &&
  query.hasFailedAssets === undefined &&
  query.updatedFrom === undefined &&
  query.updatedBefore === undefined &&
  query.marketState === undefined &&
  query.priceIndex === undefined &&
  query.contentRatingMax === undefined &&
  query.realMarginBelow === undefined &&
  query.publishMode === undefined &&
  isNewestFirst(query);

/**
 * Above this many products in a market state, a page walks the products in its order and probes each one's state (a
 * primary-key read) instead of reading every product of the state and sorting them: 10 000 in one state cost ~120 ms
 * a page the second way. Below it the state's few products are read whole (a walk could pass most of the catalog).
 */
const DENSE_MARKET_STATE = 500;

/**
 * A platform matches a product's first source or any appended one (a copy's supply page, docs/decisions.md, Follow-selling):
 * one test of the derived source_platforms (032), served by its indexes, as source_platform's was before.
 */
function platformClauses(query: ProductListQuery): RawBuilder<unknown>[] {
  if (query.platform === 'manual') return [sql`source_platform = ${MANUAL_PLATFORM}`];
  return query.platform === undefined ? [] : [sql`source_platforms in (${sql.join(platformSets(query.platform))})`];
}

function filterClauses(sqlite: boolean, query: ProductListQuery, denseMarketState = false): RawBuilder<unknown>[] {
  const clauses: RawBuilder<unknown>[] = [];
  if (query.publishMode !== undefined) clauses.push(sql`publish_mode = ${query.publishMode}`);
  clauses.push(...platformClauses(query));
  // The partial index of 012 holds exactly the products with failed images: a few, read whole. SQLite without
  // statistics reads them through the status index and each asset row instead (15 ms, not 1), so it is named.
  const failed = sqlite
    ? sql`select product_id from assets indexed by assets_failed_product_idx where status = 'failed'`
    : sql`select product_id from assets where status = 'failed'`;
  if (query.hasFailedAssets === true) clauses.push(sql`id in (${failed})`);
  if (query.hasFailedAssets === false) clauses.push(sql`id not in (${failed})`);
  if (query.updatedFrom !== undefined) clauses.push(sql`updated_at >= ${query.updatedFrom}`);
  if (query.updatedBefore !== undefined) clauses.push(sql`updated_at < ${query.updatedBefore}`);
  if (query.marketState !== undefined)
    clauses.push(
      denseMarketState
        ? sql`exists (select 1 from product_market_states m where m.product_id = products.id and m.market_state = ${query.marketState})`
        : sql`id in (select product_id from product_market_states where market_state = ${query.marketState})`,
    );
  // 028's product_market_watch: one row per product the sweep read prices or ratings for, indexed per column.
  if (query.priceIndex !== undefined) clauses.push(sql`id in (select product_id from product_market_watch where price_index = ${query.priceIndex})`);
  if (query.contentRatingMax !== undefined)
    clauses.push(sql`id in (select product_id from product_market_watch where content_rating <= ${query.contentRatingMax})`);
  if (query.realMarginBelow !== undefined)
    clauses.push(sql`id in (select product_id from product_market_watch where real_margin_percent < ${query.realMarginBelow})`);
  return clauses;
}

/** Live products whose text holds `q`, through the search index; archived ones (not indexed) by a scan. */
function holdsClause(sqlite: boolean, q: string, archived: boolean): RawBuilder<unknown> {
  if (archived) return sql`search_text like ${containsPattern(q)} escape '\\'`;
  if (!sqlite) return sql`id in (select product_id from product_search_texts where ${indexedHolds(q)})`;
  const plan = searchIndexQuery(q);
  const from = sql.id(plan.table);
  return sql`id in (select r.product_id from product_search_rows r where r.fts_rowid in (select rowid from ${from} where ${from} match ${plan.match}))`;
}

const and = (clauses: RawBuilder<unknown>[]): RawBuilder<unknown> => (clauses.length === 0 ? sql`1 = 1` : sql.join(clauses, sql` and `));

type ProductSortKey = Exclude<ListSortKey, keyof typeof WATCH_COLUMNS>;
const SORT_COLUMNS: Record<ProductSortKey, string> = { updated_at: 'updated_at', created_at: 'created_at', price: 'price', name: 'name' };
/** Sorts by what the sweep read (028's product_market_watch, pageByWatch); products not read yet come last either way. */
const WATCH_COLUMNS = { price_index: 'price_index_rank', content_rating: 'content_rating', real_margin: 'real_margin_percent' } as const;

function orderBy(query: ProductListQuery): RawBuilder<unknown> {
  const { key, descending } = query.sort ?? { key: 'updated_at' as const, descending: true };
  const direction = sql.raw(descending ? 'desc' : 'asc');
  // Products without a price count as the cheapest in both databases (PostgreSQL's own order is the reverse);
  // 012's price indexes are built in this order, so they serve both directions.
  const nulls = key === 'price' ? sql.raw(descending ? ' nulls last' : ' nulls first') : sql.raw('');
  return sql`${sql.id(SORT_COLUMNS[key as ProductSortKey])} ${direction}${nulls}, id ${direction}`;
}

/**
 * A page sorted by what the sweep read (028's product_market_watch): the products read, walked in the order of that
 * column's index and joined to their product, then those not read yet (last in either direction) by id. The index
 * serves the page instead of a sort of every product.
 */
async function pageByWatch(
  db: Kysely<Database>,
  sqlite: boolean,
  where: RawBuilder<unknown>,
  column: string,
  descending: boolean,
  offset: number,
  limit: number,
): Promise<SummarySelect[]> {
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const col = sql.id('w', column);
  const read = sql`products join product_market_watch w on w.product_id = products.id`;
  const first = await sql<SummarySelect>`select ${summarySql(sqlite)} from ${read} where ${where} and ${col} is not null
    order by ${col} ${direction}, w.product_id ${direction} limit ${limit} offset ${offset}`.execute(db);
  if (first.rows.length === limit) return first.rows;
  const counted = await sql<{ n: number }>`select count(*) as n from ${read} where ${where} and ${col} is not null`.execute(db);
  const skip = Math.max(0, offset - Number(counted.rows[0]?.n ?? 0));
  const rest = await sql<SummarySelect>`select ${summarySql(sqlite)} from products where ${where}
    and id not in (select product_id from product_market_watch where ${sql.id(column)} is not null)
    order by id ${direction} limit ${limit - first.rows.length} offset ${skip}`.execute(db);
  return [...first.rows, ...rest.rows];
}

/** The deepest page end a platform's page is walked set by set for (each set then gives that many products at most). */
const SET_WALK_MAX = 1_000;

/**
 * A page of a platform's products, newest-updated first: each of its sets of source_platforms (platformSets) walked newest
 * first through products_platforms_updated_idx (or _stage_idx for a stage) for as many as the page ends at, the few
 * gathered then ordered. `source_platforms in (…)` read every match through the index and sorted them: 2.2 ms of a
 * page for 25 000 of 100 000 products, 0.1 ms so.
 */
async function pageByPlatformSets(
  db: Kysely<Database>,
  sqlite: boolean,
  others: RawBuilder<unknown>[],
  sets: string[],
  offset: number,
  limit: number,
): Promise<SummarySelect[]> {
  const walks = sets.map(
    (set, index) => sql`select * from (select ${summarySql(sqlite)}, updated_at, id from products where ${and([...others, sql`source_platforms = ${set}`])}
      order by updated_at desc, id desc limit ${offset + limit}) as ${sql.id(`set${index}`)}`,
  );
  const { rows } = await sql<SummarySelect>`select summary from (${sql.join(walks, sql` union all `)}) as sets
    order by updated_at desc, id desc limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** The kept number of products in a market state (migration 027's counters). */
async function marketStateSize(db: Kysely<Database>, state: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select n from market_state_counts where market_state = ${state}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A page with filters or another sort: one query over `products`, using 012's indexes. */
async function listFiltered(
  db: Kysely<Database>,
  sqlite: boolean,
  q: string | undefined,
  query: ProductListQuery,
): Promise<{ total: number; rows: SummaryRow[] }> {
  const archived = query.stage === 'archived';
  const dense = query.marketState !== undefined && (await marketStateSize(db, query.marketState)) > DENSE_MARKET_STATE;
  // Every clause but the platform's, which is one test of source_platforms (filterClauses) or, for a page walked set by set, one per set.
  const others = [query.stage ? sql`stage = ${query.stage}` : sql`stage != 'archived'`, ...filterClauses(sqlite, { ...query, platform: undefined }, dense)];
  if (q) others.push(holdsClause(sqlite, q, archived));
  const where = and([...others, ...platformClauses(query)]);
  const offset = (query.page - 1) * query.pageSize;
  const watchKey = query.sort && query.sort.key in WATCH_COLUMNS ? (query.sort.key as keyof typeof WATCH_COLUMNS) : undefined;
  const sets = query.platform !== undefined && query.platform !== 'manual' && isNewestFirst(query) && offset + query.pageSize <= SET_WALK_MAX;
  const page = watchKey
    ? await pageByWatch(db, sqlite, where, WATCH_COLUMNS[watchKey], query.sort!.descending, offset, query.pageSize)
    : sets
      ? await pageByPlatformSets(db, sqlite, others, platformSets(query.platform as Platform), offset, query.pageSize)
      : (
          await sql<SummarySelect>`select ${summarySql(sqlite)} from products where ${where} order by ${orderBy(query)} limit ${query.pageSize} offset ${offset}`.execute(
            db,
          )
        ).rows;
  const rows = page.map(({ summary }) => summaryRow(summary));
  if (query.knownTotal !== undefined) return { total: query.knownTotal, rows };
  const totals = await sql<{ total: number }>`select count(*) as total from products where ${where}`.execute(db);
  return { total: Number(totals.rows[0]?.total ?? 0), rows };
}

/** The kept counts that answer a list filtered by one market state or one price index and nothing else. */
function keptStageCounts(sqlite: boolean, query: ProductListQuery): { table: string; column: string; value: string } | undefined {
  const { marketState, priceIndex } = query;
  if (filterClauses(sqlite, { ...query, marketState: undefined, priceIndex: undefined }).length > 0) return undefined;
  if (marketState !== undefined && priceIndex === undefined) return { table: 'market_state_stage_counts', column: 'market_state', value: marketState };
  if (priceIndex !== undefined && marketState === undefined) return { table: 'price_index_stage_counts', column: 'price_index', value: priceIndex };
  return undefined;
}

const emptyCounts = (): StageCounts => Object.fromEntries(STAGES.map((stage) => [stage, 0])) as StageCounts;
const LIVE_STAGES = STAGES.filter((stage) => stage !== 'archived');

/**
 * Matches per stage for the query's `q` and filters, its stage left out. Without either: the kept per-stage
 * counters. With `q` alone: each live stage's search total (kept for broad searches, as the page's total is).
 * With filters: one grouped count over the live products and one over the archived ones.
 */
export async function listStageCounts(
  db: Kysely<Database>,
  sqlite: boolean,
  query: ProductListQuery,
  options: SearchCountOptions = SEARCH_COUNT_DEFAULTS,
): Promise<StageCounts> {
  const q = query.q?.trim().toLowerCase() || undefined;
  const counts = emptyCounts();
  const filters = filterClauses(sqlite, query);
  if (!q && filters.length === 0) {
    const rows = await runFixed(db, 'stage-counts', [], () => sql<{ stage: Stage; n: number }>`select stage, n from product_stage_counts`);
    for (const row of rows) if (row.stage in counts) counts[row.stage] = Number(row.n);
    return counts;
  }
  // A market state or a price index alone: 033's or 034's kept counts per value and stage (grouping the matches cost
  // ~25 ms at 10 000 on sale).
  const kept = q ? undefined : keptStageCounts(sqlite, query);
  if (kept) {
    const { rows } = await sql<{ stage: Stage; n: number }>`select stage, n from ${sql.table(kept.table)} where ${sql.id(kept.column)} = ${kept.value}`.execute(
      db,
    );
    for (const row of rows) if (row.stage in counts) counts[row.stage] = Number(row.n);
    return counts;
  }
  const archivedClauses = [sql`stage = 'archived'`, ...filters, ...(q ? [holdsClause(sqlite, q, true)] : [])];
  const archived = await sql<{ n: number }>`select count(*) as n from products where ${and(archivedClauses)}`.execute(db);
  counts.archived = Number(archived.rows[0]?.n ?? 0);
  if (q && filters.length === 0) return { ...(await liveSearchCounts(db, sqlite, q, options)), archived: counts.archived };
  const liveClauses = [sql`stage != 'archived'`, ...filters, ...(q ? [holdsClause(sqlite, q, false)] : [])];
  // A platform's sets are read in the order of their index, each stage after stage: grouped so, the count needs no
  // sort of its matches (by stage alone it sorted 25 000 of 100 000 products, 2.6 ms instead of 1.7), summed here.
  const byPlatforms = query.platform !== undefined && query.platform !== 'manual';
  const { rows } = await sql<{ stage: Stage; n: number }>`select stage, count(*) as n from products where ${and(liveClauses)}
    group by ${byPlatforms ? sql`source_platforms, stage` : sql`stage`}`.execute(db);
  for (const row of rows) if (row.stage in counts) counts[row.stage] += Number(row.n);
  return counts;
}

/** Walking the states costs about this many times a walk of the products per row (probing a product against probing a state). */
const STATE_WALK_FACTOR = 10;

/** The products in any market state (027's kept counts). */
async function statesFollowed(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(sum(n), 0) as n from market_state_counts`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The matches per market state for the list's `q`, stage and filters, its own `market_state` left out (as the stage
 * counts leave out the stage): what each state's filter would show beside the others. Without a stage they include
 * products archived in the service, as 027's kept counts do (leaving them out costs ~0.6–2 ms a plain list at 1 000
 * archived products, the busiest read). Unfiltered: the kept counts; filtered: one grouped count of the matches' states.
 */
export async function listMarketStateCounts(db: Kysely<Database>, sqlite: boolean, query: ProductListQuery): Promise<MarketStateCounts> {
  const q = query.q?.trim().toLowerCase() || undefined;
  const filters = filterClauses(sqlite, { ...query, marketState: undefined });
  const counts = Object.fromEntries(MARKET_STATES.map((state) => [state, 0])) as MarketStateCounts;
  type Row = { market_state: string; n: number };
  let rows: Row[];
  if (!q && filters.length === 0 && query.stage === undefined)
    rows = await runFixed(db, 'market-state-counts', [], () => sql<Row>`select market_state, n from market_state_counts`);
  else {
    // The search index holds live products only; archived ones are matched by a scan (as the stage counts do).
    const holds = !q
      ? []
      : query.stage
        ? [holdsClause(sqlite, q, query.stage === 'archived')]
        : [sql`((stage != 'archived' and ${holdsClause(sqlite, q, false)}) or (stage = 'archived' and ${holdsClause(sqlite, q, true)}))`];
    const clauses = [...(query.stage ? [sql`stage = ${query.stage}`] : []), ...filters, ...holds];
    // Joined rather than `product_id in (select id …)`, which first gathered every matching product (25 000 ids for a
    // platform of 100 000 products, ~4 ms) even when few or none have a state. SQLite walks the matches and probes each
    // one's state (~1.3 ms for 25 000 with no state at all, ~3.7 ms with 5 000 states); a `cross join` makes it walk the
    // states and probe each one's product instead (~1 µs a state, 0 with none): the cheaper side when the caller knows
    // the matches (knownTotal) and the states are under a tenth of them; with none there is nothing to walk, every count
    // is 0 (a search's matches, read to probe them, took 40–60 ms). PostgreSQL plans the join by its statistics.
    const followed = query.knownTotal !== undefined ? await statesFollowed(db) : undefined;
    if (followed === 0) return counts;
    const join = sqlite && followed !== undefined && followed * STATE_WALK_FACTOR < query.knownTotal! ? sql`cross join` : sql`join`;
    rows = (
      await sql<Row>`select m.market_state, count(*) as n from product_market_states m ${join} products on products.id = m.product_id
        where ${and(clauses)} group by m.market_state`.execute(db)
    ).rows;
  }
  for (const row of rows) if (row.market_state in counts) counts[row.market_state as MarketState] = Number(row.n);
  return counts;
}

/**
 * Each live stage's matches of `q` with as few counts as possible: the live total (kept for broad searches, and
 * what the page's total reads anyway), the kept stage totals, 0 for empty stages, and, when one stage is left
 * unknown, the difference. Counting a rare phrase in a stage it is not in costs ~10 ms; most searches need none.
 */
async function liveSearchCounts(db: Kysely<Database>, sqlite: boolean, q: string, options: SearchCountOptions): Promise<Omit<StageCounts, 'archived'>> {
  const searchTotal = (stage: string | undefined, keep: SearchCountOptions) =>
    sqlite ? sqliteSearchTotal(db, q, stage, keep) : postgresSearchTotal(db, q, stage, keep);
  const liveTotal = await searchTotal(undefined, options);
  // A broad search's stage totals are kept whatever their size (a 0 costs as much to count as a 9 000).
  const keepStages = liveTotal >= options.minMatches ? { ...options, minMatches: 0 } : options;
  const [kept, sizes] = await Promise.all([
    sql<{ stage: string; total: number }>`select stage, total from product_search_counts where q = ${q}`.execute(db),
    sql<{ stage: string; n: number }>`select stage, n from product_stage_counts`.execute(db),
  ]);
  const known = new Map<string, number>(kept.rows.map((row) => [row.stage, Number(row.total)]));
  for (const row of sizes.rows) if (Number(row.n) === 0 || liveTotal === 0) known.set(row.stage, 0);
  // Smallest stages first: the last one unknown is derived, and the largest is the likeliest to hold the matches.
  const size = new Map(sizes.rows.map((row) => [row.stage, Number(row.n)]));
  const unknown = LIVE_STAGES.filter((stage) => !known.has(stage)).sort((a, b) => (size.get(a) ?? 0) - (size.get(b) ?? 0));
  const sumKnown = () => LIVE_STAGES.reduce((sum, stage) => sum + (known.get(stage) ?? 0), 0);
  for (const [index, stage] of unknown.entries()) {
    const rest = liveTotal - sumKnown();
    known.set(stage, rest === 0 ? 0 : index === unknown.length - 1 ? rest : await searchTotal(stage, keepStages));
  }
  return { collected: known.get('collected') ?? 0, editing: known.get('editing') ?? 0, ready: known.get('ready') ?? 0, published: known.get('published') ?? 0 };
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
  const { total, rows } = !isPlain(query)
    ? await listFiltered(db, sqlite, q, query)
    : indexed
      ? await searchIndexed(db, sqlite, q, query, searchCounts)
      : await listPlain(db, sqlite, q, query);
  return { total: Number(total), items: await summariesWithAssets(db, rows) };
}
