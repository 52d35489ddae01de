/**
 * The bare baseline for the catalog benchmark: node:http + better-sqlite3 serving, with the same work as ours
 * and nothing else (HS256 bearer check in both):
 * - GET /api/products, plain, with `market_state` or `platform`, or sorted by real margin: the same answer as ours — total, the page with
 *   every field of ours's items in ours's order (market state, price index, rating and margins read by the page's ids),
 *   stage counts and market-state counts — from hand-written statements prepared once (bench/list-comparison.ts
 *   holds the plain list against a minimal server; bench/list-answers.ts checks the answer is ours's, key by key);
 * - GET /api/export/products.csv: the same 23 columns, read in the same keyset batches of 1 000 with their stored
 *   images, RFC 4180 quoting, written with back-pressure.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { makeBareBearerCheck, sendJson } from './bare-http.ts';

const db = new BetterSqlite3(process.env.BARE_DB_FILE!, { readonly: true });
const secret = process.env.JWT_SECRET!;
const MARKET_STATES = ['moderating', 'declined', 'on_sale', 'no_stock', 'not_visible', 'archived'] as const;
const PLATFORMS = ['ozon', '1688', 'taobao'];

// A page: the products matching `where`, newest first (in an index's order, or the matches sorted); the page's market
// states (027's product_market_states) and what the sweep read of its offers (028's product_market_watch) are read
// after it, by id, as its assets are (left joins on the page cost ~40 µs more than the two reads).
const PAGE_COLUMNS = `id, stage, name, offer_id, price, currency_code, source_platform, source_url, marketplace_product_id, created_at, updated_at,
  created_by, updated_by, publish_mode, market_price_rub, collected_title, card_count`;
const pageWhere = (where: string) => db.prepare(`select ${PAGE_COLUMNS} from products p where ${where} order by updated_at desc, id desc limit ? offset ?`);

// GET /api/products: the kept per-stage and per-state counters (triggers of 003 and 027) and the page.
const stageCounts = db.prepare('select stage, n from product_stage_counts');
const marketCounts = db.prepare('select market_state, n from market_state_counts');
const page = pageWhere("p.stage != 'archived'");
// &market_state=X (bench/sections/81-market-state-list.ts): the page walks the products newest first probing each
// one's state (0.06 ms for a page of a 10 % state; an id-in list sorted after is ~70 ms); the stage counts are the
// state's kept ones (033's market_state_stage_counts), the state counts too (a list's own state filter left out of them).
const statePage = pageWhere("p.stage != 'archived' and exists (select 1 from product_market_states s where s.product_id = p.id and s.market_state = ?)");
const stateStageCounts = db.prepare('select stage, n from market_state_stage_counts where market_state = ?');
// &platform=X (bench/sections/60-workbench.ts): a product matches by any platform it was collected from, 032's
// source_platforms holding them comma-separated in PLATFORMS order, so the filter is one IN over the sets with X.
// Its counts are grouped by the set as well as the stage (the index's order: no sort of the matches) and summed.
const platformSets = (platform: string): string[] => {
  const others = PLATFORMS.filter((other) => other !== platform);
  return Array.from({ length: 1 << others.length }, (_, mask) => {
    const chosen = new Set([platform, ...others.filter((_, index) => (mask >> index) & 1)]);
    return PLATFORMS.filter((each) => chosen.has(each)).join(',');
  });
};
const IN_SETS = `in (${platformSets('1688')
  .map(() => '?')
  .join(', ')})`;
// Its page is each set's products walked newest first through the set's index, as many as the page ends at, the few
// gathered then ordered (the matches sorted cost 2.2 ms at 25 000); past 1 000 deep, the matches sorted.
const SET_WALK_MAX = 1000;
const platformPage = pageWhere(`p.stage != 'archived' and p.source_platforms ${IN_SETS}`);
const setWalks = platformSets('1688').map(
  (_, index) =>
    `select * from (select ${PAGE_COLUMNS} from products where stage != 'archived' and source_platforms = ? order by updated_at desc, id desc limit ?) as set${index}`,
);
const platformWalkedPage = db.prepare(`${setWalks.join(' union all ')} order by updated_at desc, id desc limit ? offset ?`);
const platformStageCounts = db.prepare(`select stage, count(*) as n from products where source_platforms ${IN_SETS} group by source_platforms, stage`);
// Its market-state counts walk the matches probing each one's state, or (cross join) the states probing each one's
// product when they are under a tenth of the matches (a probe of a product costs about ten of a state).
const stateTotal = db.prepare('select coalesce(sum(n), 0) as n from market_state_counts').pluck();
const platformMarketCounts = (join: string) =>
  db.prepare(
    `select m.market_state, count(*) as n from product_market_states m ${join} products p on p.id = m.product_id where p.source_platforms ${IN_SETS} group by m.market_state`,
  );
const [byMatches, byStates] = [platformMarketCounts('join'), platformMarketCounts('cross join')];
// &sort=real_margin or -real_margin (bench/sections/81-market-state-list.ts, issue 33): as ours's pageByWatch, the
// products the sweep read walked in the order of 028's index on product_market_watch.real_margin_percent and joined
// to their product, then (past them) those not read yet by id.
const P_COLUMNS = PAGE_COLUMNS.split(',')
  .map((column) => `p.${column.trim()}`)
  .join(', ');
const marginPages = Object.fromEntries(
  (['asc', 'desc'] as const).map((direction) => [
    direction,
    {
      read: db.prepare(
        `select ${P_COLUMNS} from product_market_watch w join products p on p.id = w.product_id
        where p.stage != 'archived' and w.real_margin_percent is not null order by w.real_margin_percent ${direction}, w.product_id ${direction} limit ? offset ?`,
      ),
      rest: db.prepare(
        `select ${PAGE_COLUMNS} from products p where p.stage != 'archived'
          and p.id not in (select product_id from product_market_watch where real_margin_percent is not null) order by id ${direction} limit ? offset ?`,
      ),
    },
  ]),
) as Record<'asc' | 'desc', { read: Statement; rest: Statement }>;
const marginRead = db
  .prepare(
    "select count(*) from product_market_watch w join products p on p.id = w.product_id where p.stage != 'archived' and w.real_margin_percent is not null",
  )
  .pluck();

type PageRow = {
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

/** The page's asset counts, stored main images, market states and watches: one statement of each per page size, prepared on first use. */
type PageStatements = { tallies: Statement; thumbnails: Statement; states: Statement; watches: Statement };
const pageStatements = new Map<number, PageStatements>();
function pageReads(size: number): PageStatements {
  let statements = pageStatements.get(size);
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
      states: db.prepare(`select product_id, market_state from product_market_states where product_id in (${ids})`),
      watches: db.prepare(
        `select product_id, price_index, content_rating, real_margin_percent, planned_margin_percent, below_floor from product_market_watch where product_id in (${ids})`,
      ),
    };
    pageStatements.set(size, statements);
  }
  return statements;
}

type Watch = {
  price_index: string | null;
  content_rating: number | null;
  real_margin_percent: number | null;
  planned_margin_percent: number | null;
  below_floor: number;
};

type Tally = { main: number; sku: number; detail: number; failed: number };

type Counted = { stage: string; n: number }[];
type ListFilter = { marketState?: string | undefined; platform?: string | undefined; sort?: string | undefined };
type StateCounted = { market_state: string; n: number }[];

/** The counts, the total (the live stages' sum) and the page of one request, by its filter. */
function readList(size: number, offset: number, filter: ListFilter) {
  if (filter.platform !== undefined) {
    const sets = platformSets(filter.platform);
    const counted = platformStageCounts.all(...sets) as Counted;
    const matches = counted.reduce((sum, row) => sum + row.n, 0);
    const rows =
      offset + size <= SET_WALK_MAX
        ? platformWalkedPage.all(...sets.flatMap((set) => [set, offset + size]), size, offset)
        : platformPage.all(...sets, size, offset);
    const states = ((stateTotal.get() as number) * 10 < matches ? byStates : byMatches).all(...sets) as StateCounted;
    return { counted, states, rows: rows as PageRow[] };
  }
  if (filter.sort === 'real_margin' || filter.sort === '-real_margin') {
    const pages = marginPages[filter.sort === 'real_margin' ? 'asc' : 'desc'];
    const read = pages.read.all(size, offset) as PageRow[];
    const rows =
      read.length === size ? read : [...read, ...(pages.rest.all(size - read.length, Math.max(0, offset - (marginRead.get() as number))) as PageRow[])];
    return { counted: stageCounts.all() as Counted, states: marketCounts.all() as StateCounted, rows };
  }
  if (filter.marketState !== undefined)
    return {
      counted: stateStageCounts.all(filter.marketState) as Counted,
      states: marketCounts.all() as StateCounted,
      rows: statePage.all(filter.marketState, size, offset) as PageRow[],
    };
  return { counted: stageCounts.all() as Counted, states: marketCounts.all() as StateCounted, rows: page.all(size, offset) as PageRow[] };
}

/** GET /api/products: the stage and market-state counts, one page and its assets, answered with ours's fields in ours's order. */
function listPage(size: number, number: number, filter: ListFilter): unknown {
  const { counted, states, rows } = readList(size, (number - 1) * size, filter);
  const stage_counts = { collected: 0, editing: 0, ready: 0, published: 0, archived: 0 };
  for (const row of counted) stage_counts[row.stage as keyof typeof stage_counts] += row.n;
  const total = stage_counts.collected + stage_counts.editing + stage_counts.ready + stage_counts.published;
  const market_state_counts = Object.fromEntries(MARKET_STATES.map((state) => [state, 0])) as Record<string, number>;
  for (const row of states) market_state_counts[row.market_state] = row.n;
  const tallies = new Map<string, Tally>();
  const thumbnails = new Map<string, string>();
  const marketStates = new Map<string, string>();
  const watches = new Map<string, Watch>();
  if (rows.length > 0) {
    const ids = rows.map((row) => row.id);
    const statements = pageReads(ids.length);
    for (const t of statements.tallies.all(...ids) as { product_id: string; group_key: string; status: string; n: number }[]) {
      let tally = tallies.get(t.product_id);
      if (!tally) tallies.set(t.product_id, (tally = { main: 0, sku: 0, detail: 0, failed: 0 }));
      if (t.group_key === 'main' || t.group_key === 'sku' || t.group_key === 'detail') tally[t.group_key] += t.n;
      if (t.status === 'failed') tally.failed += t.n;
    }
    for (const t of statements.thumbnails.all(...ids) as { product_id: string; stored_url: string; type: string }[]) {
      if (t.type !== 'video' && !thumbnails.has(t.product_id)) thumbnails.set(t.product_id, t.stored_url);
    }
    for (const t of statements.states.all(...ids) as { product_id: string; market_state: string }[]) marketStates.set(t.product_id, t.market_state);
    for (const t of statements.watches.all(...ids) as (Watch & { product_id: string })[]) watches.set(t.product_id, t);
  }
  const items = rows.map((row) => {
    const tally = tallies.get(row.id);
    const watch = watches.get(row.id);
    return {
      id: row.id,
      stage: row.stage,
      name: row.name,
      offer_id: row.offer_id,
      price: row.price,
      currency_code: row.currency_code,
      source_platform: row.source_platform === '' ? null : row.source_platform,
      source_url: row.source_url,
      asset_count: { main: tally?.main ?? 0, sku: tally?.sku ?? 0, detail: tally?.detail ?? 0 },
      failed_assets: tally?.failed ?? 0,
      thumbnail_url: thumbnails.get(row.id) ?? null,
      market_state: marketStates.get(row.id) ?? null,
      price_index: watch?.price_index ?? null,
      content_rating: watch?.content_rating ?? null,
      real_margin_percent: watch?.real_margin_percent ?? null,
      planned_margin_percent: watch?.planned_margin_percent ?? null,
      below_margin_floor: watch?.below_floor === 1,
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
  const filter = {
    marketState: url.searchParams.get('market_state') ?? undefined,
    platform: url.searchParams.get('platform') ?? undefined,
    sort: url.searchParams.get('sort') ?? undefined,
  };
  send(200, listPage(size, number, filter));
}).listen(Number(process.env.PORT), '127.0.0.1');
