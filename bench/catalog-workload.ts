import { readFileSync, writeFileSync } from 'node:fs';
import { eachOnce, load, type LoadResult } from './lib.ts';

/**
 * The catalog both catalog sections measure (SQLite in 30, PostgreSQL in 35): 100 000 realistic products with
 * one stored image each, and the searches a seller makes over them.
 */
export const PRODUCTS = 100_000;
export const CATALOG_SHAPE = '80 % editing, 10 % collected with Chinese titles, 9 % ready, 1 % archived; one stored image each';

const WORDS = ['Органайзер', 'Кружка', 'Лампа', 'Рюкзак', 'Чехол', 'Подставка', 'Коврик', 'Бутылка', 'Фонарик', 'Зонт'];
const START = Date.UTC(2026, 0, 1);
const RAW = JSON.stringify({ texts: [{ kind: 'title', content: '北欧陶瓷马克杯 350ml 咖啡杯 家用 办公室' }, { kind: 'params', content: '', pairs: [{ key: '材质', value: '陶瓷' }] }] });
const PRICING = JSON.stringify({ cost_cny: 20, fx_rate: 11.5, result: { tier: 'low', weight_band: 1, logistics_cny: 13.5, landed_rub: 385.25, price_rub: 593, old_price_rub: 1186, profit_rub: 115.84, fx_rate: 11.5 } });
const DESCRIPTION = 'Прочный и удобный товар для дома. '.repeat(6);

/** Product `i` and its image, as complete rows of `products` and `assets`. */
export function catalogRows(i: number) {
  const id = `${(0x10000000 + i).toString(16)}-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const item = String(600_000_000 + i);
  const url = `https://detail.1688.com/offer/${item}.html`;
  // One in ten is freshly collected and still has its Chinese title, as collected products do.
  const collected = i % 10 === 5;
  const name = collected ? `北欧陶瓷马克杯子 ${i} 家用` : `${WORDS[i % WORDS.length]} модель ${i} для дома`;
  const offer = `SKU-${String(i).padStart(6, '0')}`;
  const created = new Date(START + i * 60_000).toISOString();
  const stage = collected ? 'collected' : i % 100 === 0 ? 'archived' : i % 10 === 0 ? 'ready' : 'editing';
  const product = {
    id, stage, version: 1, name, description: DESCRIPTION, offer_id: offer, price: 593, old_price: 1186, currency_code: 'RUB', vat: '0',
    weight: 300, weight_unit: 'g', depth: 100, width: 80, height: 30, dimension_unit: 'mm', barcode: '', description_category_id: null,
    type_id: null, primary_image: null, images: null, source_platform: '1688', source_item_id: item, source_url: url,
    sources: JSON.stringify([{ platform: '1688', item_id: item, url }]), marketplace_product_id: null, published_at: null, fx_rate: 11.5,
    raw: RAW, pricing: PRICING, copy: '{}', attributes: '{}', complex_attributes: '{}',
    search_text: [name, offer, item, url].join(' ').toLowerCase(), created_at: created, updated_at: created,
  };
  const assetId = `a${id.slice(1)}`;
  const asset = {
    id: assetId, product_id: id, group_key: 'main', group_name: '主图', variant_name: null, type: 'img', idx: 0, dedupe_key: assetId,
    source_url: `https://cbu01.alicdn.com/img/${item}.jpg`, referer: '', stored_url: `/media/products/${id}/${assetId}.jpg`, status: 'stored',
    error: null, attempts: 1, content_type: 'image/jpeg', bytes: 120_000, width: 800, height: 800, sha256: null, created_at: created, updated_at: created,
  };
  return { product, asset };
}

/** The `q` searches timed one connection at a time (a single user's latency), with what each stands for. */
export const SEARCHES: readonly { readonly query: string; readonly label: string }[] = [
  { query: 'q=sku-0123', label: 'q=sku-0123 (100 matches)' },
  { query: `q=${encodeURIComponent('органайзер')}`, label: 'q=органайзер (10 000 matches)' },
  { query: 'q=https', label: 'q=https (matches every product; its total is kept after the first search)' },
  { query: `q=${encodeURIComponent('https://detail.1688.com/offer/600012345.html')}`, label: 'q=https://detail.1688.com/offer/600012345.html (a pasted link: 1 match)' },
  { query: `q=${encodeURIComponent('для дома')}`, label: 'q=для дома (8 characters, 89 000 matches; total kept)' },
  { query: 'stage=ready&q=1688', label: 'q=1688&stage=ready (in every product’s URL; 9 000 of them ready)' },
  { query: 'q=12', label: 'q=12 (2 characters; character-pair index)' },
  { query: `q=${encodeURIComponent('杯子')}`, label: 'q=杯子 (a 2-character Chinese word, 10 000 matches)' },
  { query: `stage=editing&q=${encodeURIComponent('о')}`, label: 'q=о&stage=editing (1 character, 80 000 matches)' },
];

/**
 * Broad phrases no search has counted yet: every distinct 4–9 character piece of the boilerplate that most
 * products hold (the offer URL, `для дома`). Each matches 89 000–99 000 products, and is asked once, so its total
 * must be counted, not read from the kept totals (migrations 008 and 010).
 */
export function firstTimeBroadQueries(): string[] {
  const pieces = new Set<string>();
  for (const text of ['https://detail.1688.com/offer/', ' для дома']) {
    for (let length = 4; length <= 9; length += 1) {
      for (let start = 0; start + length <= text.length; start += 1) pieces.add(text.slice(start, start + length).trim());
    }
  }
  return [...pieces].filter((piece) => piece.length >= 4);
}

const latencyRow = (name: string, r: LoadResult) => `| ${name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | p99 < 20 ms | ${r.non2xx} |`;

/** Times every search (3 s each, one connection), then the first searches of broad phrases; a Markdown table. */
export async function searchTable(url: string, authorization: string): Promise<string> {
  const rows: string[] = [];
  for (const search of SEARCHES) {
    const result = await load({ url: `${url}/api/products?page_size=20&${search.query}`, headers: { authorization }, connections: 1, seconds: 3 });
    rows.push(latencyRow(search.label, result));
  }
  const firstTime = firstTimeBroadQueries();
  const result = await eachOnce(firstTime.map((q) => `${url}/api/products?page_size=20&q=${encodeURIComponent(q)}`), { authorization });
  rows.push(latencyRow(`first search of a broad phrase: ${firstTime.length} pieces of the offer URL and \`для дома\`, 4–9 characters, each once (counts 89 000–99 000 matches)`, result));
  return ['| query | req/s | p50 ms | p99 ms | target | non-2xx |', '|---|---:|---:|---:|---|---:|', ...rows].join('\n');
}

/** The service's secrets in both catalog sections. */
export const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };

/** A bearer header from logging in with the application token. */
export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: SECRETS.APP_TOKEN }) });
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

export type CsvRun = { readonly rows: number; readonly seconds: number; readonly rssGrowthMb: number };

/** Downloads the whole CSV, counting rows; peak RSS growth of the server over its RSS just before. */
export async function measureCsv(url: string, authorization: string, pid: number): Promise<CsvRun> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM (peak RSS) to the current RSS
  const before = rssKb(pid, 'VmRSS');
  const started = performance.now();
  const response = await fetch(`${url}/api/export/products.csv`, { headers: { authorization } });
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 0x0a) rows += 1;
  const seconds = (performance.now() - started) / 1000;
  return { rows: rows - 1, seconds, rssGrowthMb: (rssKb(pid, 'VmHWM') - before) / 1024 };
}
