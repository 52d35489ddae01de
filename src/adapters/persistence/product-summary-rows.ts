import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { type AssetCount, type ProductSummary, SUMMARY_PRODUCT_FIELDS } from '../../application/ports/product-repository.ts';
import { type MarketState } from '../../domain/publishing/market-state.ts';
import { type PriceIndex } from '../../domain/pricing/market-prices.ts';
import { type Database, type ProductTable } from './database.ts';
import { runFixed } from './fixed-queries.ts';
import { MANUAL_PLATFORM } from './product-rows.ts';

/** The product columns a list summary shows, in the order of the tuple the list selects: its fields, then two derived columns (product-rows.ts). */
const SUMMARY_COLUMNS = [...SUMMARY_PRODUCT_FIELDS, 'collected_title', 'card_count'] as const satisfies readonly (keyof ProductTable)[];

export type SummaryRow = Pick<Selectable<ProductTable>, (typeof SUMMARY_COLUMNS)[number]>;
type ColumnValues<T extends readonly (keyof ProductTable)[]> = {
  -readonly [K in keyof T]: T[K] extends keyof ProductTable ? Selectable<ProductTable>[T[K]] : never;
};
type SummaryTuple = ColumnValues<typeof SUMMARY_COLUMNS>;

const SUMMARY_LIST = sql.join(SUMMARY_COLUMNS.map((column) => sql.ref(`products.${column}`)));

/**
 * A summary as ONE JSON array, selected `as summary` (as the exports do, export-rows.ts), by every list but SQLite's
 * plain one (summaryColumnsSql). Doubles are printed round-trip exact by both databases; pg parses `json` itself.
 */
/** What a query selecting `summarySql` answers per row. */
export type SummarySelect = { summary: unknown };

export const summarySql = (sqlite: boolean): RawBuilder<unknown> =>
  sqlite ? sql`json_array(${SUMMARY_LIST}) as summary` : sql`json_build_array(${SUMMARY_LIST}) as summary`;

/**
 * The summary's columns, each as itself: SQLite only, where better-sqlite3 builds the SummaryRow. The plain list's page
 * (the busiest read) selects these: a page of 20 read alone took ~80 µs so against ~120 µs as `json_array` text parsed,
 * and under the bench's load the service went from ~558 to ~404 µs of CPU a request (the parse and its garbage: GC
 * fell from ~11 % to ~4 % of the samples). The note that JSON text was the cheaper one (~60 against ~100 µs) predated
 * the statement cache.
 */
export const summaryColumnsSql: RawBuilder<unknown> = SUMMARY_LIST;

/** The row of a selected `summary` (SQLite: JSON text; PostgreSQL: already parsed), built with one object shape. */
export function summaryRow(summary: unknown): SummaryRow {
  const [
    id,
    stage,
    name,
    offer_id,
    price,
    currency_code,
    source_platform,
    source_url,
    marketplace_product_id,
    created_at,
    updated_at,
    created_by,
    updated_by,
    publish_mode,
    market_price_rub,
    collected_title,
    card_count,
  ] = (typeof summary === 'string' ? JSON.parse(summary) : summary) as SummaryTuple;
  return {
    ...{ id, stage, name, offer_id, price, currency_code, source_platform, source_url, marketplace_product_id, created_at, updated_at, created_by, updated_by },
    ...{ publish_mode, market_price_rub, collected_title, card_count },
  };
}

type AssetTally = { main: number; sku: number; detail: number; failed: number };

/** Each product's images per group and its failed downloads. */
async function assetTallies(db: Kysely<Database>, ids: string[]): Promise<Map<string, AssetTally>> {
  const result = new Map<string, AssetTally>();
  if (ids.length === 0) return result;
  const rows = await runFixed(
    db,
    `tallies:${ids.length}`,
    ids,
    () => sql<{ product_id: string; group_key: string; status: string; n: number }>`select product_id, group_key, status, count(*) as n
    from assets where product_id in (${sql.join(ids)}) group by product_id, group_key, status`,
  );
  for (const row of rows) {
    let tally = result.get(row.product_id);
    if (tally === undefined) result.set(row.product_id, (tally = { main: 0, sku: 0, detail: 0, failed: 0 }));
    const n = Number(row.n);
    if (row.group_key === 'main' || row.group_key === 'sku' || row.group_key === 'detail') tally[row.group_key] += n;
    if (row.status === 'failed') tally.failed += n;
  }
  return result;
}

/**
 * The first stored main image of each product. Only stored rows are read: behind a slow CDN every collected image
 * is pending (300 000 at 100 000 products), and reading the page's 60 to drop them in code took ~110 µs of CPU,
 * more than the page query itself; ~20 µs now. (Before 022 dropped the status index, `status` in SQL sent SQLite
 * through that index instead.)
 */
async function thumbnails(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (ids.length === 0) return result;
  const rows = await runFixed(
    db,
    `thumbnails:${ids.length}`,
    ids,
    () => sql<{ product_id: string; stored_url: string; type: string }>`select product_id, stored_url, type from assets
    where product_id in (${sql.join(ids)}) and status = 'stored' and group_key = 'main' order by product_id, idx`,
  );
  for (const row of rows) if (row.type !== 'video' && !result.has(row.product_id)) result.set(row.product_id, row.stored_url);
  return result;
}

/** Each product's most telling market state (027's product_market_states), for those the sweep follows. */
async function marketStates(db: Kysely<Database>, ids: string[]): Promise<Map<string, MarketState>> {
  if (ids.length === 0) return new Map();
  const rows = await runFixed(
    db,
    `market-states:${ids.length}`,
    ids,
    () => sql<{ product_id: string; market_state: MarketState }>`select product_id, market_state from product_market_states
    where product_id in (${sql.join(ids)})`,
  );
  return new Map(rows.map((row) => [row.product_id, row.market_state]));
}

type Watch = {
  price_index: PriceIndex | null;
  content_rating: number | null;
  real_margin_percent: number | null;
  planned_margin_percent: number | null;
  below_floor: number;
};

/** Each product's worst price index, lowest rating and margins (028's product_market_watch), for those the sweep read. */
async function watches(db: Kysely<Database>, ids: string[]): Promise<Map<string, Watch>> {
  if (ids.length === 0) return new Map();
  const rows = await runFixed(
    db,
    `watches:${ids.length}`,
    ids,
    () => sql<Watch & { product_id: string }>`select product_id, price_index, content_rating, real_margin_percent, planned_margin_percent, below_floor
    from product_market_watch where product_id in (${sql.join(ids)})`,
  );
  return new Map(rows.map((row) => [row.product_id, row]));
}

const numberOrNull = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

const NO_ASSETS: AssetTally = { main: 0, sku: 0, detail: 0, failed: 0 };

/** The page's summaries with their asset counts and thumbnails, each built field by field in the answer's order. */
export async function summariesWithAssets(db: Kysely<Database>, rows: readonly SummaryRow[]): Promise<ProductSummary[]> {
  const ids = rows.map((row) => row.id);
  const tallies = await assetTallies(db, ids);
  const thumbs = await thumbnails(db, ids);
  const states = await marketStates(db, ids);
  const watched = await watches(db, ids);
  return rows.map((row) => {
    const tally = tallies.get(row.id) ?? NO_ASSETS;
    const assetCount: AssetCount = { main: tally.main, sku: tally.sku, detail: tally.detail };
    const watch = watched.get(row.id);
    return {
      id: row.id,
      stage: row.stage as ProductSummary['stage'],
      name: row.name,
      offer_id: row.offer_id,
      price: row.price,
      currency_code: row.currency_code,
      source_platform: (row.source_platform === MANUAL_PLATFORM ? null : row.source_platform) as ProductSummary['source_platform'],
      source_url: row.source_url,
      asset_count: assetCount,
      failed_assets: tally.failed,
      thumbnail_url: thumbs.get(row.id) ?? null,
      market_state: states.get(row.id) ?? null,
      price_index: watch?.price_index ?? null,
      content_rating: numberOrNull(watch?.content_rating),
      real_margin_percent: numberOrNull(watch?.real_margin_percent),
      planned_margin_percent: numberOrNull(watch?.planned_margin_percent),
      below_margin_floor: Number(watch?.below_floor ?? 0) === 1,
      marketplace_product_id: row.marketplace_product_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: row.created_by,
      updated_by: row.updated_by,
      publish_mode: row.publish_mode as ProductSummary['publish_mode'],
      market_price_rub: row.market_price_rub,
      collected_title: row.collected_title,
      card_count: Number(row.card_count),
    };
  });
}
