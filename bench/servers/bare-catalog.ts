/**
 * The bare baseline for the catalog benchmark: node:http + better-sqlite3 serving, with the same work as ours
 * and nothing else (HS256 bearer check in both):
 * - GET /api/products: the same stage counts (the kept per-stage counters), page, asset-count and stored-thumbnail
 *   queries, every statement prepared once (bench/sections/31-list-baseline.ts holds it against a minimal server),
 *   and ours's fields in ours's order;
 * - GET /api/export/products.csv: the same 23 columns, read in the same keyset batches of 1 000 with their stored
 *   images, RFC 4180 quoting, written with back-pressure.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;
// The same per-stage counter table our repository reads (kept by triggers, migrations/003-catalog.ts).
const stageCounts = db.prepare('select stage, n from product_stage_counts');
const page = db.prepare(
  "select id, stage, name, offer_id, price, source_platform, source_url, marketplace_product_id, created_at, updated_at, created_by, updated_by from products where stage != 'archived' order by updated_at desc, id desc limit ? offset ?",
);
// GET /api/products?market_state=X (bench/sections/81-market-state-list.ts): the same filtered answer as ours —
// the page and the stage counts over the products in that state (027's product_market_states), and the
// per-state counts kept by triggers. The page walks the products newest first probing each one's state (0.06 ms for
// a page of a 10 % state; an id-in list sorted after is ~70 ms); the counts group the state's products by stage.
const statePage = db.prepare(
  "select id, stage, name, offer_id, price, source_platform, source_url, marketplace_product_id, created_at, updated_at, created_by, updated_by from products where stage != 'archived' and exists (select 1 from product_market_states m where m.product_id = products.id and m.market_state = ?) order by updated_at desc, id desc limit ? offset ?",
);
const stateStageCounts = db.prepare(
  'select stage, count(*) as n from products where id in (select product_id from product_market_states where market_state = ?) group by stage',
);
const marketCounts = db.prepare('select market_state, n from market_state_counts');
const MARKET_STATES = ['moderating', 'declined', 'on_sale', 'no_stock', 'not_visible', 'archived'] as const;

type PageRow = {
  id: string;
  stage: string;
  name: string | null;
  offer_id: string | null;
  price: number | null;
  source_platform: string;
  source_url: string | null;
  marketplace_product_id: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
};

const bearerOk = makeBareBearerCheck(secret);

type Row = { id: string } & Record<string, unknown>;

const CSV_COLUMNS = [
  'offer_id',
  'marketplace_product_id',
  'name',
  'description_category_id',
  'price',
  'old_price',
  'currency_code',
  'vat',
  'weight',
  'weight_unit',
  'depth',
  'width',
  'height',
  'dimension_unit',
  'barcode',
  'primary_image',
  'images',
  'source_platform',
  'source_item_id',
  'source_url',
  'stage',
  'published_at',
  'created_at',
];
const CSV_BATCH = 1000;
// Only the printed columns: the description and JSON columns would cost more to read than everything else.
const CSV_SELECT = `select id, ${CSV_COLUMNS.filter((column) => !column.endsWith('image') && column !== 'images').join(', ')} from products where stage != 'archived'`;
const csvFirst = db.prepare(`${CSV_SELECT} order by created_at, id limit ${CSV_BATCH}`);
const csvAfter = db.prepare(`${CSV_SELECT} and (created_at, id) > (?, ?) order by created_at, id limit ${CSV_BATCH}`);
const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

async function sendCsv(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
  res.write(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
  let rows = csvFirst.all() as Row[];
  while (rows.length > 0) {
    const ids = rows.map((row) => row.id);
    // The stored images only, as ours reads them (index assets_product_status_idx).
    const assets = db
      .prepare(`select product_id, stored_url from assets where product_id in (${ids.map(() => '?').join(',')}) and status = 'stored' order by group_key, idx`)
      .all(...ids) as { product_id: string; stored_url: string }[];
    const images = new Map<string, string[]>();
    for (const asset of assets) images.set(asset.product_id, [...(images.get(asset.product_id) ?? []), asset.stored_url]);
    let chunk = '';
    for (const row of rows) {
      const own = images.get(row.id) ?? [];
      const cells = { ...row, primary_image: own[0] ?? '', images: own.slice(1).join('|') } as Record<string, unknown>;
      chunk += `${CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',')}\r\n`;
    }
    if (!res.write(chunk)) await once(res, 'drain');
    const last = rows[rows.length - 1]!;
    rows = rows.length < CSV_BATCH ? [] : (csvAfter.all(last.created_at, last.id) as Row[]);
  }
  res.end();
}

/** The page's asset counts and stored main images: one statement of each per page size, prepared on first use. */
const pageAssetStatements = new Map<number, { tallies: Statement; thumbnails: Statement }>();
function pageAssets(size: number): { tallies: Statement; thumbnails: Statement } {
  let statements = pageAssetStatements.get(size);
  if (!statements) {
    const ids = Array.from({ length: size }, () => '?').join(',');
    statements = {
      tallies: db.prepare(
        `select product_id, group_key, status, count(*) as n from assets where product_id in (${ids}) group by product_id, group_key, status`,
      ),
      // Stored rows only, as ours reads them: behind a slow CDN most main images are pending.
      thumbnails: db.prepare(
        `select product_id, stored_url, type from assets where product_id in (${ids}) and status = 'stored' and group_key = 'main' order by product_id, idx`,
      ),
    };
    pageAssetStatements.set(size, statements);
  }
  return statements;
}

type Tally = { main: number; sku: number; detail: number; failed: number };

/** GET /api/products: the stage counts, one page and its assets, answered with ours's fields in ours's order. */
function listPage(size: number, number: number, marketState?: string): unknown {
  const stage_counts = { collected: 0, editing: 0, ready: 0, published: 0, archived: 0 };
  const counted = marketState === undefined ? stageCounts.all() : stateStageCounts.all(marketState);
  for (const row of counted as { stage: keyof typeof stage_counts; n: number }[]) stage_counts[row.stage] = row.n;
  const total = stage_counts.collected + stage_counts.editing + stage_counts.ready + stage_counts.published;
  const rows = (marketState === undefined ? page.all(size, (number - 1) * size) : statePage.all(marketState, size, (number - 1) * size)) as PageRow[];
  const tallies = new Map<string, Tally>();
  const thumbnails = new Map<string, string>();
  if (rows.length > 0) {
    const ids = rows.map((row) => row.id);
    const statements = pageAssets(ids.length);
    for (const t of statements.tallies.all(...ids) as { product_id: string; group_key: string; status: string; n: number }[]) {
      let tally = tallies.get(t.product_id);
      if (!tally) tallies.set(t.product_id, (tally = { main: 0, sku: 0, detail: 0, failed: 0 }));
      if (t.group_key === 'main' || t.group_key === 'sku' || t.group_key === 'detail') tally[t.group_key] += t.n;
      if (t.status === 'failed') tally.failed += t.n;
    }
    for (const t of statements.thumbnails.all(...ids) as { product_id: string; stored_url: string; type: string }[]) {
      if (t.type !== 'video' && !thumbnails.has(t.product_id)) thumbnails.set(t.product_id, t.stored_url);
    }
  }
  const items = rows.map((row) => {
    const tally = tallies.get(row.id);
    return {
      id: row.id,
      stage: row.stage,
      name: row.name,
      offer_id: row.offer_id,
      price: row.price,
      source_platform: row.source_platform === '' ? null : row.source_platform,
      source_url: row.source_url,
      asset_count: { main: tally?.main ?? 0, sku: tally?.sku ?? 0, detail: tally?.detail ?? 0 },
      failed_assets: tally?.failed ?? 0,
      thumbnail_url: thumbnails.get(row.id) ?? null,
      marketplace_product_id: row.marketplace_product_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: row.created_by,
      updated_by: row.updated_by,
    };
  });
  if (marketState === undefined) return { total, items, stage_counts };
  const market_state_counts = Object.fromEntries(MARKET_STATES.map((state) => [state, 0])) as Record<string, number>;
  for (const row of marketCounts.all() as { market_state: string; n: number }[]) market_state_counts[row.market_state] = row.n;
  return { total, items, stage_counts, market_state_counts };
}

createServer((req, res) => {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/api/products' && url.pathname !== '/api/export/products.csv') return send(404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
  if (!bearerOk(req.headers.authorization)) return send(401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
  if (url.pathname === '/api/export/products.csv') return void sendCsv(res);
  const size = Math.min(200, Number(url.searchParams.get('page_size') ?? 20));
  const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  send(200, listPage(size, number, url.searchParams.get('market_state') ?? undefined));
}).listen(Number(process.env.PORT), '127.0.0.1');
