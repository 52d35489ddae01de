import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
  const { products } = test.container.cradle;
  for (let i = 0; i < 25; i += 1) {
    const at = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
    await products.insert(
      newProduct(
        {
          id: crypto.randomUUID(),
          stage: i % 5 === 0 ? 'ready' : 'collected',
          source_platform: '1688',
          name: `Кружка ${i}`,
          offer_id: `MUG-${i}`,
          source_item_id: String(9000 + i),
        },
        at,
      ),
    );
  }
});
afterAll(() => test.close());

const list = (query: string) => test.app.inject({ method: 'GET', url: `/api/products${query}`, headers: test.auth });

describe('GET /api/products', () => {
  it('pages newest-updated first with summary fields', async () => {
    const body = (await list('?page=2&page_size=10')).json();
    expect(body.total).toBe(25);
    expect(body.items.map((i: { name: string }) => i.name)).toEqual(Array.from({ length: 10 }, (_, k) => `Кружка ${14 - k}`));
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'asset_count',
        'card_count',
        'collected_title',
        'created_at',
        'created_by',
        'currency_code',
        'failed_assets',
        'id',
        'market_state',
        'market_price_rub',
        'marketplace_product_id',
        'name',
        'offer_id',
        'price',
        'price_index',
        'content_rating',
        'real_margin_percent',
        'planned_margin_percent',
        'below_margin_floor',
        'publish_mode',
        'source_platform',
        'source_url',
        'stage',
        'thumbnail_url',
        'updated_at',
        'updated_by',
      ].sort(),
    );
    expect(body.items[0].asset_count).toEqual({ main: 0, sku: 0, detail: 0 });
    // The price's currency, so the list can say ₽ or ¥ (issue 32 item 13).
    expect(body.items[0].currency_code).toBe('RUB');
  });

  it('defaults to 20 per page and filters by stage and q', async () => {
    expect((await list('')).json().items).toHaveLength(20);
    expect((await list('?stage=ready')).json().total).toBe(5);
    expect(
      (await list('?q=mug-2'))
        .json()
        .items.map((i: { offer_id: string }) => i.offer_id)
        .sort(),
    ).toEqual(['MUG-2', 'MUG-20', 'MUG-21', 'MUG-22', 'MUG-23', 'MUG-24']);
    expect((await list('?q=9007')).json().items.map((i: { offer_id: string }) => i.offer_id)).toEqual(['MUG-7']);
  });

  it('refuses out-of-bounds paging with 422', async () => {
    for (const query of ['?page_size=201', '?page_size=0', '?page=0', '?page=abc', '?stage=sold', `?q=${'x'.repeat(201)}`]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await list('?page_size=200')).statusCode).toBe(200);
    expect((await list('?page=99')).json()).toEqual({
      total: 25,
      items: [],
      stage_counts: { collected: 20, editing: 0, ready: 5, published: 0, archived: 0 },
      market_state_counts: { moderating: 0, declined: 0, on_sale: 0, no_stock: 0, not_visible: 0, archived: 0 },
    });
  });
});
