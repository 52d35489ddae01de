/**
 * The bare baseline for the catalog benchmark: node:http + better-sqlite3 serving GET /api/products with the
 * same work as ours (HS256 bearer check, the same total, page and asset-count queries, JSON), nothing else.
 */
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;
// The same per-stage counter table our repository reads (kept by triggers, migrations/003-catalog.ts).
const count = db.prepare("select coalesce(sum(n), 0) as total from product_stage_counts where stage != 'archived'");
const page = db.prepare(
  "select id, stage, name, offer_id, price, source_platform, source_url, marketplace_product_id, created_at, updated_at from products where stage != 'archived' order by updated_at desc, id desc limit ? offset ?",
);

const bearerOk = makeBareBearerCheck(secret);

type Row = { id: string } & Record<string, unknown>;

createServer((req, res) => {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/api/products') return send(404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
  if (!bearerOk(req.headers.authorization)) return send(401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
  const size = Math.min(200, Number(url.searchParams.get('page_size') ?? 20));
  const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const { total } = count.get() as { total: number };
  const rows = page.all(size, (number - 1) * size) as Row[];
  const ids = rows.map((row) => row.id);
  const counts = db
    .prepare(`select product_id, group_key, status, count(*) as n from assets where product_id in (${ids.map(() => '?').join(',') || "''"}) group by product_id, group_key, status`)
    .all(...ids) as { product_id: string; group_key: string; status: string; n: number }[];
  const items = rows.map((row) => {
    const asset_count = { main: 0, sku: 0, detail: 0 };
    let failed_assets = 0;
    for (const c of counts) {
      if (c.product_id !== row.id) continue;
      if (c.group_key === 'main' || c.group_key === 'sku' || c.group_key === 'detail') asset_count[c.group_key] += c.n;
      if (c.status === 'failed') failed_assets += c.n;
    }
    return { ...row, asset_count, failed_assets };
  });
  send(200, { total, items });
}).listen(Number(process.env.PORT), '127.0.0.1');
