import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ProductSummary } from '../../src/application/ports/product-repository.ts';
import { type ListProductsOutput } from '../../src/application/use-cases/list-products.ts';
import { productListJson } from '../../src/adapters/http/product-list-json.ts';
import { ProductListResponse } from '../../src/adapters/http/schemas/products.ts';

/** What the route's schema serializer (fast-json-stringify, as Fastify compiles it) writes for `value`. */
async function schemaBytes(value: unknown): Promise<string> {
  const app = Fastify();
  app.get('/', { schema: { response: { 200: ProductListResponse } } }, async () => value);
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const summary = (overrides: Partial<ProductSummary>): ProductSummary => ({
  id: '01a21cab-01c0-73d3-a8aa-7e9b0eb0db44',
  stage: 'collected',
  name: '北欧陶瓷马克杯 350ml',
  offer_id: '',
  price: null,
  currency_code: 'RUB',
  source_platform: '1688',
  source_url: 'https://detail.1688.com/offer/1.html',
  marketplace_product_id: null,
  created_at: '2026-11-27T11:01:38.869Z',
  updated_at: '2026-11-27T11:01:44.049Z',
  created_by: 'app-token',
  updated_by: null,
  asset_count: { main: 3, sku: 0, detail: 12 },
  failed_assets: 1,
  thumbnail_url: null,
  market_state: null,
  price_index: null,
  content_rating: null,
  real_margin_percent: null,
  planned_margin_percent: null,
  below_margin_floor: false,
  publish_mode: 'create',
  market_price_rub: null,
  collected_title: null,
  card_count: 1,
  ...overrides,
});

const MARKET = { moderating: 0, declined: 1, on_sale: 20_000, no_stock: 3, not_visible: 0, archived: 7 };

describe('the product list answer', () => {
  it('is byte for byte what the schema serializer writes: field order, nulls, numbers, escapes, optional fields', async () => {
    const items = [
      summary({}),
      summary({
        stage: 'editing',
        price: 0.1 + 0.2,
        source_platform: null,
        publish_mode: 'copy',
        market_price_rub: 1299.5,
        collected_title: '北欧陶瓷马克杯 "带盖" 350ml',
        card_count: 3,
        thumbnail_url: 'http://127.0.0.1:8787/media/a.jpg',
        offer_id: 'A-1',
      }),
      summary({ stage: 'ready', price: 1e21, name: '引号 " 反斜杠 \\ 换行 \n 制表 \t 控制 \u0001 表情 😀 孤立 \ud800 结尾', source_platform: 'taobao' }),
      summary({
        stage: 'published',
        market_state: 'declined',
        price_index: 'RED',
        content_rating: 62.5,
        real_margin_percent: -3.25,
        planned_margin_percent: 19.53,
        below_margin_floor: true,
        price: 1299,
        currency_code: 'CNY',
        marketplace_product_id: '987654321',
        source_platform: 'ozon',
        name: 'x'.repeat(6000),
      }),
      summary({ stage: 'archived', price: -0, name: `长名称${'好'.repeat(60)}"`, created_by: undefined, updated_by: undefined }),
      summary({ price: 5e-7, asset_count: { main: 0, sku: 0, detail: 0 }, failed_assets: 0, created_by: null, updated_by: 'operator' }),
    ];
    const output: ListProductsOutput = {
      total: 100_000,
      items,
      stage_counts: { collected: 99_990, editing: 4, ready: 3, published: 2, archived: 1 },
      market_state_counts: MARKET,
    };
    expect(productListJson(output)).toBe(await schemaBytes(output));
    const empty: ListProductsOutput = {
      total: 0,
      items: [],
      stage_counts: { collected: 0, editing: 0, ready: 0, published: 0, archived: 0 },
      market_state_counts: { ...MARKET, on_sale: 0 },
    };
    expect(productListJson(empty)).toBe(await schemaBytes(empty));
  });

  it('writes only the schema fields, whatever else the items carry', async () => {
    const leaky = { ...summary({}), raw: { secret: 'k' }, search_text: 'hidden' } as ProductSummary;
    const output: ListProductsOutput = {
      total: 1,
      items: [leaky],
      stage_counts: { collected: 1, editing: 0, ready: 0, published: 0, archived: 0 },
      market_state_counts: MARKET,
    };
    const text = productListJson(output);
    expect(text).toBe(await schemaBytes(output));
    expect(text).not.toContain('hidden');
    expect(text).not.toContain('secret');
  });
});
