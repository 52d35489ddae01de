/**
 * The check on the bare list baseline (bench/list-comparison.ts): the plainest node:http +
 * better-sqlite3 server giving GET /api/products?page_size=N the answer ours gives — stage and market-state counts,
 * the page with every field of ours's items (each product's asset counts, first stored main image, market state and
 * what the sweep read of its offers), behind an HS256 bearer check — written the way
 * anyone would write it fast: statements prepared once, node:crypto for the signature, one JSON.stringify.
 * Nothing shared with bare-catalog.ts, so a slow baseline cannot hide behind a slow check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;

const stageCounts = db.prepare('select stage, n from product_stage_counts');
const stateCounts = db.prepare('select market_state, n from market_state_counts');
const page = db.prepare(
  "select id, stage, name, offer_id, price, currency_code, source_platform, source_url, marketplace_product_id, created_at, updated_at, created_by, updated_by, publish_mode, market_price_rub, collected_title, card_count from products where stage != 'archived' order by updated_at desc, id desc limit ? offset ?",
);
// The page's ids go in as one JSON array, so one statement serves every page size.
const tallies = db.prepare(
  'select product_id, group_key, status, count(*) as n from assets where product_id in (select value from json_each(?)) group by product_id, group_key, status',
);
const thumbnails = db.prepare(
  "select product_id, stored_url, type from assets where product_id in (select value from json_each(?)) and status = 'stored' and group_key = 'main' order by product_id, idx",
);

const states = db.prepare('select product_id, market_state from product_market_states where product_id in (select value from json_each(?))');
const watches = db.prepare(
  'select product_id, price_index, content_rating, real_margin_percent, planned_margin_percent, below_floor from product_market_watch where product_id in (select value from json_each(?))',
);

type Watch = {
  price_index: string | null;
  content_rating: number | null;
  real_margin_percent: number | null;
  planned_margin_percent: number | null;
  below_floor: number;
};

type Page = {
  id: string;
  stage: string;
  name: string | null;
  offer_id: string | null;
  price: number | null;
  currency_code: string;
  source_platform: string;
  source_url: string | null;
  marketplace_product_id: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  publish_mode: string;
  market_price_rub: number | null;
  collected_title: string | null;
  card_count: number;
};

function bearerOk(header: string | undefined): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const [head, payload, signature] = header.slice(7).split('.');
  if (!head || !payload || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return ((JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: number }).exp ?? 0) * 1000 > Date.now();
}

function list(size: number, number: number): string {
  const stage_counts: Record<string, number> = { collected: 0, editing: 0, ready: 0, published: 0, archived: 0 };
  for (const row of stageCounts.all() as { stage: string; n: number }[]) stage_counts[row.stage] = row.n;
  const total = stage_counts.collected! + stage_counts.editing! + stage_counts.ready! + stage_counts.published!;
  const market_state_counts: Record<string, number> = { moderating: 0, declined: 0, on_sale: 0, no_stock: 0, not_visible: 0, archived: 0 };
  for (const row of stateCounts.all() as { market_state: string; n: number }[]) market_state_counts[row.market_state] = row.n;
  const rows = page.all(size, (number - 1) * size) as Page[];
  const ids = JSON.stringify(rows.map((row) => row.id));
  const counts = new Map<string, { main: number; sku: number; detail: number; failed: number }>();
  for (const t of tallies.all(ids) as { product_id: string; group_key: string; status: string; n: number }[]) {
    let c = counts.get(t.product_id);
    if (!c) counts.set(t.product_id, (c = { main: 0, sku: 0, detail: 0, failed: 0 }));
    if (t.group_key === 'main' || t.group_key === 'sku' || t.group_key === 'detail') c[t.group_key] += t.n;
    if (t.status === 'failed') c.failed += t.n;
  }
  const thumbnail = new Map<string, string>();
  for (const t of thumbnails.all(ids) as { product_id: string; stored_url: string; type: string }[]) {
    if (t.type !== 'video' && !thumbnail.has(t.product_id)) thumbnail.set(t.product_id, t.stored_url);
  }
  const state = new Map((states.all(ids) as { product_id: string; market_state: string }[]).map((t) => [t.product_id, t.market_state]));
  const watch = new Map((watches.all(ids) as (Watch & { product_id: string })[]).map((t) => [t.product_id, t]));
  const items = rows.map((row) => {
    const c = counts.get(row.id);
    const w = watch.get(row.id);
    return {
      id: row.id,
      stage: row.stage,
      name: row.name,
      offer_id: row.offer_id,
      price: row.price,
      currency_code: row.currency_code,
      source_platform: row.source_platform === '' ? null : row.source_platform,
      source_url: row.source_url,
      asset_count: { main: c?.main ?? 0, sku: c?.sku ?? 0, detail: c?.detail ?? 0 },
      failed_assets: c?.failed ?? 0,
      thumbnail_url: thumbnail.get(row.id) ?? null,
      market_state: state.get(row.id) ?? null,
      price_index: w?.price_index ?? null,
      content_rating: w?.content_rating ?? null,
      real_margin_percent: w?.real_margin_percent ?? null,
      planned_margin_percent: w?.planned_margin_percent ?? null,
      below_margin_floor: w?.below_floor === 1,
      marketplace_product_id: row.marketplace_product_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      publish_mode: row.publish_mode,
      market_price_rub: row.market_price_rub,
      collected_title: row.collected_title,
      card_count: row.card_count,
      created_by: row.created_by,
      updated_by: row.updated_by,
    };
  });
  return JSON.stringify({ total, items, stage_counts, market_state_counts });
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const [status, body] =
    url.pathname !== '/api/products'
      ? [404, '{"detail":"not found","code":"ROUTE_NOT_FOUND"}']
      : !bearerOk(req.headers.authorization)
        ? [401, '{"detail":"unauthorized","code":"UNAUTHORIZED"}']
        : [200, list(Math.min(200, Number(url.searchParams.get('page_size') ?? 20)), Math.max(1, Number(url.searchParams.get('page') ?? 1)))];
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
