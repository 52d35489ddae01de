/**
 * The catalog both catalog sections measure (SQLite in 30, PostgreSQL in 35): 100 000 realistic products with
 * one stored image each. The searches a seller makes over them are in catalog-searches.ts, the login and the
 * CSV download in catalog-client.ts.
 */
import { firstCollectedTitle } from '../src/domain/intake/collected-title.ts';

export const PRODUCTS = 100_000;
export const CATALOG_SHAPE = '80 % editing, 10 % collected with Chinese titles, 9 % ready, 1 % archived; one stored image each';

const WORDS = ['Органайзер', 'Кружка', 'Лампа', 'Рюкзак', 'Чехол', 'Подставка', 'Коврик', 'Бутылка', 'Фонарик', 'Зонт'];
const START = Date.UTC(2026, 0, 1);
const RAW = JSON.stringify({
  texts: [
    { kind: 'title', content: '北欧陶瓷马克杯 350ml 咖啡杯 家用 办公室' },
    { kind: 'params', content: '', pairs: [{ key: '材质', value: '陶瓷' }] },
  ],
});
/** The derived summary column of every row (product-rows.ts): the same collected title. */
const COLLECTED_TITLE = firstCollectedTitle(JSON.parse(RAW));
const PRICING = JSON.stringify({
  cost_cny: 20,
  fx_rate: 11.5,
  result: { tier: 'low', weight_band: 1, logistics_cny: 13.5, landed_rub: 385.25, price_rub: 593, old_price_rub: 1186, profit_rub: 115.84, fx_rate: 11.5 },
});
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
    id,
    stage,
    version: 1,
    name,
    description: DESCRIPTION,
    offer_id: offer,
    price: 593,
    old_price: 1186,
    currency_code: 'RUB',
    vat: '0',
    weight: 300,
    weight_unit: 'g',
    depth: 100,
    width: 80,
    height: 30,
    dimension_unit: 'mm',
    barcode: '',
    description_category_id: null,
    type_id: null,
    primary_image: null,
    images: null,
    source_platform: '1688',
    source_item_id: item,
    source_url: url,
    sources: JSON.stringify([{ platform: '1688', item_id: item, url }]),
    marketplace_product_id: null,
    published_at: null,
    fx_rate: 11.5,
    raw: RAW,
    pricing: PRICING,
    copy: '{}',
    attributes: '{}',
    complex_attributes: '{}',
    search_text: [name, offer, item, url].join(' ').toLowerCase(),
    collected_title: COLLECTED_TITLE,
    card_count: 1,
    source_platforms: '1688',
    created_at: created,
    updated_at: created,
  };
  const assetId = `a${id.slice(1)}`;
  const asset = {
    id: assetId,
    product_id: id,
    group_key: 'main',
    group_name: '主图',
    variant_name: null,
    type: 'img',
    idx: 0,
    dedupe_key: assetId,
    source_url: `https://cbu01.alicdn.com/img/${item}.jpg`,
    referer: '',
    stored_url: `/media/products/${id}/${assetId}.jpg`,
    status: 'stored',
    error: null,
    attempts: 1,
    content_type: 'image/jpeg',
    bytes: 120_000,
    width: 800,
    height: 800,
    sha256: null,
    created_at: created,
    updated_at: created,
  };
  return { product, asset };
}
