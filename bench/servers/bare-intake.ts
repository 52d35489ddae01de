/**
 * The bare baseline for the intake benchmark: node:http + better-sqlite3 doing what POST /api/materials must do
 * before answering (an HS256 bearer check, JSON parse, one transaction inserting the product, its source and
 * one pending row per image, the same columns and ids as ours), nothing else: no schema validation, no framework.
 */
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import { registerSearchFunctions } from '../../src/adapters/persistence/search-index.ts';
import { makeTimeOrderedIds } from '../../src/infrastructure/time-ordered-ids.ts';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

type Body = {
  source: { platform: string; itemId: string; url: string; collectedAt: number };
  texts: { kind: string; content: string }[];
  images: { groupKey: string; groupName: string; variantName: string | null; url: string; index: number; type: string; dedupeKey: string }[];
  refererOrigin?: string;
};

const db = new BetterSqlite3(process.env.BARE_DB_FILE!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
registerSearchFunctions(db); // our search-index triggers fire on its inserts too, as they do for ours
const secret = process.env.JWT_SECRET!;
// The same ids as ours (UUIDv7), so both grow the same indexes at their right edge.
const newId = makeTimeOrderedIds();

const insertProduct = db.prepare(`insert into products (id, stage, version, name, description, offer_id, price, old_price, currency_code, vat,
  weight, weight_unit, depth, width, height, dimension_unit, barcode, description_category_id, type_id, primary_image, images, source_platform,
  source_item_id, source_url, sources, marketplace_product_id, published_at, fx_rate, raw, pricing, copy, attributes, complex_attributes,
  search_text, created_at, updated_at) values (?, 'collected', 1, ?, '', '', null, null, 'RUB', '0', null, 'g', null, null, null, 'mm', '',
  null, null, null, null, ?, ?, ?, ?, null, null, null, ?, '{}', '{}', '{}', '{}', ?, ?, ?)`);
const insertSource = db.prepare('insert into product_sources (product_id, platform, item_id, url) values (?, ?, ?, ?)');
const insertAsset = db.prepare(`insert into assets (id, product_id, group_key, group_name, variant_name, type, idx, dedupe_key, source_url,
  referer, stored_url, status, error, attempts, content_type, bytes, width, height, sha256, created_at, updated_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 'pending', null, 0, null, null, null, null, null, ?, ?)`);

const collect = db.transaction((body: Body) => {
  const id = newId();
  const now = new Date().toISOString();
  const title = body.texts.find((text) => text.kind === 'title')?.content ?? '';
  const sources = [{ platform: body.source.platform, item_id: body.source.itemId, url: body.source.url }];
  const raw = { texts: body.texts, sources: [body.source] };
  insertProduct.run(
    id,
    title,
    body.source.platform,
    body.source.itemId,
    body.source.url,
    JSON.stringify(sources),
    JSON.stringify(raw),
    `${title} ${body.source.itemId} ${body.source.url}`.toLowerCase(),
    now,
    now,
  );
  insertSource.run(id, body.source.platform, body.source.itemId, body.source.url);
  for (const image of body.images) {
    insertAsset.run(
      newId(),
      id,
      image.groupKey,
      image.groupName,
      image.variantName,
      image.type,
      image.index,
      image.dedupeKey,
      image.url,
      body.refererOrigin ?? '',
      now,
      now,
    );
  }
  return { id, queued: body.images.length };
});

const bearerOk = makeBareBearerCheck(secret);

createServer((req, res) => {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  if (req.url !== '/api/materials' || req.method !== 'POST') return send(404, { detail: 'not found', code: 'ROUTE_NOT_FOUND' });
  if (!bearerOk(req.headers.authorization)) return send(401, { detail: 'unauthorized', code: 'UNAUTHORIZED' });
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { id, queued } = collect(JSON.parse(Buffer.concat(chunks).toString()) as Body);
    send(201, { product: { id, stage: 'collected' }, product_id: id, assetsQueued: queued });
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
