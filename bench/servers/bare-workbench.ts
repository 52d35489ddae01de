/**
 * The bare baseline for the workbench list: node:http + better-sqlite3 doing the work of
 * `GET /api/products?platform=…&page_size=20` and nothing else: HS256 bearer check, the counts per stage for the
 * filter (live stages grouped, archived apart; the total is their sum), the page, its asset counts and thumbnails
 * (first stored main image), as JSON.
 */
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const bearerOk = makeBareBearerCheck(process.env.JWT_SECRET!);
const STAGES = ['collected', 'editing', 'ready', 'published', 'archived'] as const;

const page = db.prepare(
  "select id, stage, name, offer_id, price, source_platform, source_url, marketplace_product_id, created_at, updated_at from products where stage != 'archived' and source_platform = ? order by updated_at desc, id desc limit ? offset ?",
);
const archived = db.prepare("select count(*) as n from products where stage = 'archived' and source_platform = ?");
const live = db.prepare("select stage, count(*) as n from products where stage != 'archived' and source_platform = ? group by stage");

type Row = { id: string } & Record<string, unknown>;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/api/products') return sendJson(res, 404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
  if (!bearerOk(req.headers.authorization)) return sendJson(res, 401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
  const platform = url.searchParams.get('platform') ?? '1688';
  const size = Math.min(200, Number(url.searchParams.get('page_size') ?? 20));
  const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const rows = page.all(platform, size, (number - 1) * size) as Row[];
  const ids = rows.map((row) => row.id);
  const marks = ids.map(() => '?').join(',') || "''";
  const counts = db
    .prepare(`select product_id, group_key, status, count(*) as n from assets where product_id in (${marks}) group by product_id, group_key, status`)
    .all(...ids) as {
    product_id: string;
    group_key: string;
    status: string;
    n: number;
  }[];
  // Status checked here, as ours does: `status = 'stored'` in SQL makes SQLite read the status index.
  const thumbs = db
    .prepare(`select product_id, status, stored_url from assets where product_id in (${marks}) and group_key = 'main' order by product_id, idx`)
    .all(...ids) as {
    product_id: string;
    status: string;
    stored_url: string;
  }[];
  const thumbnail = new Map<string, string>();
  for (const thumb of thumbs) if (thumb.status === 'stored' && !thumbnail.has(thumb.product_id)) thumbnail.set(thumb.product_id, thumb.stored_url);
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
  const stage_counts = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<string, number>;
  stage_counts.archived = (archived.get(platform) as { n: number }).n;
  let matches = 0;
  for (const row of live.all(platform) as { stage: string; n: number }[]) {
    stage_counts[row.stage] = row.n;
    matches += row.n; // the total is the live stages' counts, as ours derives it
  }
  sendJson(res, 200, { total: matches, items, stage_counts });
}).listen(Number(process.env.PORT), '127.0.0.1');
