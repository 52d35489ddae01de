/**
 * The bare baseline for the catalog benchmark: node:http + better-sqlite3 serving, with the same work as ours
 * and nothing else (HS256 bearer check in both):
 * - GET /api/products: the same stage counts (the kept per-stage counters), page, asset-count and thumbnail queries, JSON;
 * - GET /api/export/products.csv: the same 23 columns, read in the same keyset batches of 1 000 with their stored
 *   images, RFC 4180 quoting, written with back-pressure.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;
// The same per-stage counter table our repository reads (kept by triggers, migrations/003-catalog.ts).
const stageCounts = db.prepare('select stage, n from product_stage_counts');
const page = db.prepare(
  "select id, stage, name, offer_id, price, source_platform, source_url, marketplace_product_id, created_at, updated_at from products where stage != 'archived' order by updated_at desc, id desc limit ? offset ?",
);

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

createServer((req, res) => {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/api/products' && url.pathname !== '/api/export/products.csv') return send(404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
  if (!bearerOk(req.headers.authorization)) return send(401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
  if (url.pathname === '/api/export/products.csv') return void sendCsv(res);
  const size = Math.min(200, Number(url.searchParams.get('page_size') ?? 20));
  const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const stage_counts: Record<string, number> = { collected: 0, editing: 0, ready: 0, published: 0, archived: 0 };
  for (const row of stageCounts.all() as { stage: string; n: number }[]) stage_counts[row.stage] = row.n;
  const total = Object.entries(stage_counts).reduce((sum, [stage, n]) => (stage === 'archived' ? sum : sum + n), 0);
  const rows = page.all(size, (number - 1) * size) as Row[];
  const ids = rows.map((row) => row.id);
  // Status checked in code, as ours does (in SQL it sends SQLite through the status index).
  const thumbs = db
    .prepare(
      `select product_id, status, stored_url from assets where product_id in (${ids.map(() => '?').join(',') || "''"}) and group_key = 'main' order by product_id, idx`,
    )
    .all(...ids) as {
    product_id: string;
    status: string;
    stored_url: string;
  }[];
  const thumbnail = new Map<string, string>();
  for (const thumb of thumbs) if (thumb.status === 'stored' && !thumbnail.has(thumb.product_id)) thumbnail.set(thumb.product_id, thumb.stored_url);
  const counts = db
    .prepare(
      `select product_id, group_key, status, count(*) as n from assets where product_id in (${ids.map(() => '?').join(',') || "''"}) group by product_id, group_key, status`,
    )
    .all(...ids) as { product_id: string; group_key: string; status: string; n: number }[];
  const items = rows.map((row) => {
    const asset_count = { main: 0, sku: 0, detail: 0 };
    let failed_assets = 0;
    for (const c of counts) {
      if (c.product_id !== row.id) continue;
      if (c.group_key === 'main' || c.group_key === 'sku' || c.group_key === 'detail') asset_count[c.group_key] += c.n;
      if (c.status === 'failed') failed_assets += c.n;
    }
    return { ...row, asset_count, failed_assets, thumbnail_url: thumbnail.get(row.id) ?? null };
  });
  send(200, { total, items, stage_counts });
}).listen(Number(process.env.PORT), '127.0.0.1');
