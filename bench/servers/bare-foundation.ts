/**
 * The bare baseline for the foundation benchmark: node:http + better-sqlite3 doing the same work as our
 * endpoints (a database ping; an HS256 bearer check, the product row with its JSON groups parsed, and its
 * assets in group order, serialised as JSON), nothing else.
 */
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;
const ping = db.prepare('select 1');
const byId = db.prepare('select * from products where id = ?');
const assetsOf = db.prepare(
  "select * from assets where product_id = ? order by case group_key when 'main' then 0 when 'sku' then 1 when 'detail' then 2 when 'upload' then 3 when 'generated' then 4 else 5 end, idx, created_at",
);
const JSON_COLUMNS = ['images', 'sources', 'raw', 'pricing', 'copy', 'attributes', 'complex_attributes'];

const bearerOk = makeBareBearerCheck(secret);

createServer((req, res) => {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  if (req.url === '/api/health') {
    ping.get();
    return send(200, { status: 'ok', db: 'ok', version: '0', uptime_s: Math.floor(process.uptime()) });
  }
  const match = /^\/api\/products\/([0-9a-f-]{36})$/.exec(req.url ?? '');
  if (match) {
    if (!bearerOk(req.headers.authorization)) return send(401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
    const row = byId.get(match[1]) as Record<string, unknown> | undefined;
    if (!row) return send(404, { detail: 'not found', code: 'NOT_FOUND' });
    for (const column of JSON_COLUMNS) row[column] = row[column] === null ? null : JSON.parse(row[column] as string);
    return send(200, { ...row, assets: assetsOf.all(match[1]) });
  }
  send(404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
}).listen(Number(process.env.PORT), '127.0.0.1');
