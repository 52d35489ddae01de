import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { registerSearchFunctions } from '../../src/adapters/persistence/search-index.ts';
import { comparisonTable, eachOnce, load, type LoadResult, ratio, startServer, tempDir } from '../lib.ts';
import { type BenchSection } from '../section.ts';

const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };
const PRODUCTS = 100_000;
const WORDS = ['Органайзер', 'Кружка', 'Лампа', 'Рюкзак', 'Чехол', 'Подставка', 'Коврик', 'Бутылка', 'Фонарик', 'Зонт'];

/** 100 000 realistic products (one stored image each) written straight into SQLite in one transaction. */
async function seed(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'listing.db');
  const database = await openDatabase(`sqlite://${file}`);
  await database.migrate();
  await database.close();
  const db = new BetterSqlite3(file);
  registerSearchFunctions(db); // the search-index triggers call it
  const insertProduct = db.prepare(`insert into products (id, stage, version, name, description, offer_id, price, old_price, currency_code, vat,
    weight, weight_unit, depth, width, height, dimension_unit, barcode, description_category_id, type_id, primary_image, images,
    source_platform, source_item_id, source_url, sources, marketplace_product_id, published_at, fx_rate, raw, pricing, copy,
    attributes, complex_attributes, search_text, created_at, updated_at)
    values (@id, @stage, 1, @name, @description, @offer_id, 593, 1186, 'RUB', '0', 300, 'g', 100, 80, 30, 'mm', '', null, null, null, null,
    '1688', @item, @url, @sources, null, null, 11.5, @raw, @pricing, '{}', '{}', '{}', @search, @created, @updated)`);
  const insertAsset = db.prepare(`insert into assets (id, product_id, group_key, group_name, variant_name, type, idx, dedupe_key, source_url,
    referer, stored_url, status, error, attempts, content_type, bytes, width, height, sha256, created_at, updated_at)
    values (@id, @product, 'main', '主图', null, 'img', 0, @id, @source, '', @stored, 'stored', null, 1, 'image/jpeg', 120000, 800, 800, null, @created, @created)`);
  const start = Date.UTC(2026, 0, 1);
  const raw = JSON.stringify({ texts: [{ kind: 'title', content: '北欧陶瓷马克杯 350ml 咖啡杯 家用 办公室' }, { kind: 'params', content: '', pairs: [{ key: '材质', value: '陶瓷' }] }] });
  const pricing = JSON.stringify({ cost_cny: 20, fx_rate: 11.5, result: { tier: 'low', weight_band: 1, logistics_cny: 13.5, landed_rub: 385.25, price_rub: 593, old_price_rub: 1186, profit_rub: 115.84, fx_rate: 11.5 } });
  db.transaction(() => {
    for (let i = 0; i < PRODUCTS; i += 1) {
      const id = `${(0x10000000 + i).toString(16)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const item = String(600_000_000 + i);
      const url = `https://detail.1688.com/offer/${item}.html`;
      // One in ten is freshly collected and still has its Chinese title, as collected products do.
      const collected = i % 10 === 5;
      const name = collected ? `北欧陶瓷马克杯子 ${i} 家用` : `${WORDS[i % WORDS.length]} модель ${i} для дома`;
      const offer = `SKU-${String(i).padStart(6, '0')}`;
      const created = new Date(start + i * 60_000).toISOString();
      const stage = collected ? 'collected' : i % 100 === 0 ? 'archived' : i % 10 === 0 ? 'ready' : 'editing';
      insertProduct.run({
        id, stage, name, offer_id: offer, item, url, raw, pricing, created, updated: created,
        description: 'Прочный и удобный товар для дома. '.repeat(6),
        sources: JSON.stringify([{ platform: '1688', item_id: item, url }]),
        search: [name, offer, item, url].join(' ').toLowerCase(),
      });
      const assetId = `a${id.slice(1)}`;
      insertAsset.run({ id: assetId, product: id, source: `https://cbu01.alicdn.com/img/${item}.jpg`, stored: `/media/products/${id}/${assetId}.jpg`, created });
    }
  })();
  db.close();
  return file;
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: SECRETS.APP_TOKEN }) });
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

/**
 * Broad phrases no search has counted yet: every distinct 4–9 character piece of the boilerplate that most
 * products hold (the offer URL, `для дома`). Each matches 89 000–99 000 products, and is asked once, so its total
 * must be counted, not read from the kept totals (migration 008).
 */
function firstTimeBroadQueries(): string[] {
  const pieces = new Set<string>();
  for (const text of ['https://detail.1688.com/offer/', ' для дома']) {
    for (let length = 4; length <= 9; length += 1) {
      for (let start = 0; start + length <= text.length; start += 1) pieces.add(text.slice(start, start + length).trim());
    }
  }
  return [...pieces].filter((piece) => piece.length >= 4);
}

const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

type CsvRun = { readonly rows: number; readonly seconds: number; readonly rssGrowthMb: number };
const bestCsv = (runs: readonly CsvRun[]): CsvRun => ({
  rows: runs[0]!.rows,
  seconds: Math.min(...runs.map((run) => run.seconds)),
  rssGrowthMb: Math.max(...runs.map((run) => run.rssGrowthMb)),
});

/** Downloads the whole CSV, counting rows; peak RSS growth of the server over its RSS just before. */
async function measureCsv(url: string, authorization: string, pid: number): Promise<CsvRun> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM (peak RSS) to the current RSS
  const before = rssKb(pid, 'VmRSS');
  const started = performance.now();
  const response = await fetch(`${url}/api/export/products.csv`, { headers: { authorization } });
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 0x0a) rows += 1;
  const seconds = (performance.now() - started) / 1000;
  return { rows: rows - 1, seconds, rssGrowthMb: (rssKb(pid, 'VmHWM') - before) / 1024 };
}

const latencyRow = (name: string, r: LoadResult, target: string) => `| ${name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${target} | ${r.non2xx} |`;

const section: BenchSection = {
  title: 'Catalog: product list, search and CSV export over 100 000 products',
  async run() {
    const dataDir = tempDir('lws-bench-catalog-');
    const seedStarted = performance.now();
    const dbFile = await seed(dataDir);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const env = { ...SECRETS, DATA_DIR: dataDir, FX_CBR_URL: 'http://127.0.0.1:9/none', FX_ERAPI_URL: 'http://127.0.0.1:9/none', FX_CURRENCYAPI_URL: 'http://127.0.0.1:9/none' };

    // Both servers run side by side and are measured alternately, twice each (best kept): the machine is
    // shared, so a load spike hits both rather than whichever happened to run second.
    const ours = await startServer('src/main.ts', env);
    const bare = await startServer('bench/servers/bare-catalog.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    const authorization = await login(ours.url);
    const list = `/api/products?page_size=20`;
    const probe = await fetch(ours.url + list, { headers: { authorization } });
    const best = (a: LoadResult, b: LoadResult) => (a.reqPerSec >= b.reqPerSec ? a : b);
    let oursList = await load({ url: ours.url + list, headers: { authorization } });
    let bareList = await load({ url: bare.url + list, headers: { authorization } });
    oursList = best(oursList, await load({ url: ours.url + list, headers: { authorization } }));
    bareList = best(bareList, await load({ url: bare.url + list, headers: { authorization } }));
    await bare.stop();
    const narrow = await load({ url: `${ours.url}/api/products?page_size=20&q=sku-0123`, headers: { authorization }, connections: 1, seconds: 3 });
    const broad = await load({ url: `${ours.url}/api/products?page_size=20&q=${encodeURIComponent('органайзер')}`, headers: { authorization }, connections: 1, seconds: 3 });
    const short = await load({ url: `${ours.url}/api/products?page_size=20&q=12`, headers: { authorization }, connections: 1, seconds: 3 });
    const everything = await load({ url: `${ours.url}/api/products?page_size=20&q=https`, headers: { authorization }, connections: 1, seconds: 3 });
    const pastedLink = await load({ url: `${ours.url}/api/products?page_size=20&q=${encodeURIComponent('https://detail.1688.com/offer/600012345.html')}`, headers: { authorization }, connections: 1, seconds: 3 });
    const longBroad = await load({ url: `${ours.url}/api/products?page_size=20&q=${encodeURIComponent('для дома')}`, headers: { authorization }, connections: 1, seconds: 3 });
    const byStage = await load({ url: `${ours.url}/api/products?page_size=20&stage=ready&q=1688`, headers: { authorization }, connections: 1, seconds: 3 });
    const chineseWord = await load({ url: `${ours.url}/api/products?page_size=20&q=${encodeURIComponent('杯子')}`, headers: { authorization }, connections: 1, seconds: 3 });
    const oneChar = await load({ url: `${ours.url}/api/products?page_size=20&stage=editing&q=${encodeURIComponent('о')}`, headers: { authorization }, connections: 1, seconds: 3 });
    const firstTimeQueries = firstTimeBroadQueries();
    const firstTime = await eachOnce(firstTimeQueries.map((q) => `${ours.url}/api/products?page_size=20&q=${encodeURIComponent(q)}`), { authorization });
    await ours.stop();

    // Two full downloads each from fresh servers, ours and bare alternately: the faster one for rows/s, the
    // larger peak-RSS growth of the two.
    const fresh = await startServer('src/main.ts', env);
    const freshBare = await startServer('bench/servers/bare-catalog.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    const freshAuth = await login(fresh.url);
    const downloads = { ours: [] as CsvRun[], bare: [] as CsvRun[] };
    for (let round = 0; round < 2; round += 1) {
      downloads.ours.push(await measureCsv(fresh.url, freshAuth, fresh.child.pid!));
      downloads.bare.push(await measureCsv(freshBare.url, freshAuth, freshBare.child.pid!));
    }
    await Promise.all([fresh.stop(), freshBare.stop()]);
    const csv = bestCsv(downloads.ours);
    const bareCsv = bestCsv(downloads.bare);

    const rowsPerSecond = csv.rows / csv.seconds;
    const bareRowsPerSecond = bareCsv.rows / bareCsv.seconds;
    return [
      `Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (2 shared cores).`,
      `Seeded ${PRODUCTS.toLocaleString('en')} products (+1 stored image each; 80 % editing, 10 % collected with Chinese titles, 9 % ready, 1 % archived) by direct bulk insert in ${seedSeconds.toFixed(1)} s; SQLite, server in its own process.`,
      '',
      '16 connections, no pipelining, 5 s after a 1 s warm-up; ours and bare alternately, twice each, best kept:',
      '',
      comparisonTable([{ name: 'GET /api/products?page_size=20 (total + page + asset counts)', ours: oursList, bare: bareList, target: '≥ 60 %' }]),
      '',
      '`q` search, one connection (a single user’s latency), 3 s each:',
      '',
      '| query | req/s | p50 ms | p99 ms | target | non-2xx |',
      '|---|---:|---:|---:|---|---:|',
      latencyRow('q=sku-0123 (100 matches; trigram index)', narrow, 'p99 < 20 ms'),
      latencyRow('q=органайзер (10 000 matches; trigram index)', broad, 'p99 < 20 ms'),
      latencyRow('q=https (matches every product; its total is kept after the first search)', everything, 'p99 < 20 ms'),
      latencyRow('q=https://detail.1688.com/offer/600012345.html (a pasted link: 1 match)', pastedLink, 'p99 < 20 ms'),
      latencyRow('q=для дома (8 characters, 6 trigrams, 89 000 matches; total kept)', longBroad, 'p99 < 20 ms'),
      latencyRow(`first search of a broad phrase: ${firstTimeQueries.length} pieces of the offer URL and \`для дома\`, 4–9 characters, each once (counts 89 000–99 000 matches)`, firstTime, 'p99 < 20 ms'),
      latencyRow('q=1688&stage=ready (in every product’s URL; 9 000 of them ready)', byStage, 'p99 < 20 ms'),
      latencyRow('q=12 (2 characters; character-pair index)', short, 'p99 < 20 ms'),
      latencyRow('q=杯子 (a 2-character Chinese word, 10 000 matches)', chineseWord, 'p99 < 20 ms'),
      latencyRow('q=о&stage=editing (1 character, 80 000 matches)', oneChar, 'p99 < 20 ms'),
      '',
      '| export | rows | seconds | rows/s | target | peak RSS growth | target | bare rows/s | ours ÷ bare |',
      '|---|---:|---:|---:|---|---:|---|---:|---:|',
      `| GET /api/export/products.csv (all 23 columns; best of 2 runs, worst RSS) | ${csv.rows} | ${csv.seconds.toFixed(2)} | ${rowsPerSecond.toFixed(0)} | ≥ 50 000 | ${csv.rssGrowthMb.toFixed(1)} MB | < 64 MB | ${bareRowsPerSecond.toFixed(0)} | ${ratio(rowsPerSecond, bareRowsPerSecond)} |`,
      bareCsv.rows === csv.rows ? '' : `\n(The bare export wrote ${bareCsv.rows} rows, ours ${csv.rows}: the figures are not comparable.)`,
      probe.status === 200 ? '' : `\n(The list route answered ${probe.status}: the figures are not comparable.)`,
    ].join('\n');
  },
};

export default section;
