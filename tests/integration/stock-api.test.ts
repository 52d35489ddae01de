import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product } from '../../src/domain/catalog/product.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

const [ORDINARY, BULKY] = FAKE_WAREHOUSES.map((warehouse) => warehouse.warehouse_id) as [number, number];

/**
 * Warehouses and stock over HTTP (docs/decisions.md, Stock): the shop's warehouses and defaults, `POST /api/stock`, the
 * bulk action, a PATCH of a published offer's sale stock, and the sends the background sender makes on its own. The
 * marketplace's 30 s pair interval is shortened by settings on both sides.
 */
describe('stock over HTTP', () => {
  let s: ShopApp;
  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    s.t.app.inject({ method, url, headers: s.t.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    s = await startShopApp({ STOCK_PAIR_INTERVAL: '300ms', STOCK_IDLE: '100ms', STOCK_RETRY: '200ms' });
    s.ozon.stockBook.pairIntervalMs = 300;
  });
  afterAll(async () => s.close());

  const published = async (overrides: Partial<Product> = {}): Promise<Product> => {
    const id = randomUUID();
    const product: Product = {
      ...publishableProduct({ id, offer_id: `API-${id.slice(0, 8)}` }),
      stage: 'published',
      marketplace_product_id: '913000111',
      ...overrides,
    };
    await s.t.container.cradle.products.insert(product);
    s.ozon.stockBook.created = () => true;
    return product;
  };

  const stockOf = async (productId: string) =>
    (await inject('GET', `/api/products/${productId}/stock`)).json<{
      items: { offer_id: string; status: string; stock: number; errors: { code: string; explanation: string }[] }[];
    }>().items;
  /** Reads until the background sender settled the product's pairs (bounded; nothing asserts on how long it took). */
  const settled = async (productId: string) => {
    for (let tries = 0; tries < 100; tries++) {
      const items = await stockOf(productId);
      if (items.length > 0 && items.every((item) => item.status !== 'waiting')) return items;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return stockOf(productId);
  };

  it("lists the shop's warehouses from a cache, asks again with ?refresh=1, and answers 502 when the marketplace is down", async () => {
    const asked = () => s.ozon.requests.filter((request) => request.url === '/v2/warehouse/list').length;
    const first = await inject('GET', `/api/shops/${s.shopId}/warehouses`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual(FAKE_WAREHOUSES);
    const before = asked();
    await inject('GET', `/api/shops/${s.shopId}/warehouses`);
    expect(asked()).toBe(before);
    expect((await inject('GET', `/api/shops/${s.shopId}/warehouses?refresh=1`)).statusCode).toBe(200);
    expect(asked()).toBe(before + 1);
    s.ozon.down = true;
    try {
      const down = await inject('GET', `/api/shops/${s.shopId}/warehouses?refresh=1`);
      expect(down.statusCode).toBe(502);
      expect(down.json().detail).toMatch(/Ozon/);
    } finally {
      s.ozon.down = false;
    }
  });

  it('sets the default warehouse and stock on the shop, refusing a warehouse the shop does not have and a bad stock', async () => {
    for (const payload of [{ default_warehouse_id: 1234 }, { default_stock: -1 }, { default_stock: 1.5 }]) {
      const refused = await inject('PATCH', `/api/shops/${s.shopId}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json().detail).toMatch(/[\u4e00-\u9fff]/);
      expect(refused.json().errors[0].path).toBe(`/${Object.keys(payload)[0]}`);
    }
    expect((await inject('GET', `/api/shops/${s.shopId}`)).json()).toMatchObject({ default_warehouse_id: null, default_stock: 0 });
    const set = await inject('PATCH', `/api/shops/${s.shopId}`, { default_warehouse_id: ORDINARY, default_stock: 20 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ default_warehouse_id: ORDINARY, default_stock: 20 });
  });

  it('POST /api/stock: refuses bad input whole and changes nothing; sends the rest by itself', async () => {
    const product = await published();
    const colours = await published({
      variants: [1, 2].map((seq) =>
        newVariant({
          id: randomUUID(),
          seq,
          label_zh: `色${seq}`,
          offer_id: `COL-${seq}-${randomUUID().slice(0, 6)}`,
          stock: 3,
          marketplace_product_id: String(700 + seq),
        }),
      ),
    });
    const refusals: [object, string][] = [
      [{ shop_id: s.shopId, items: [{ product_id: product.id, stock: -1 }] }, '/items/0/stock'],
      [{ shop_id: s.shopId, items: [{ product_id: product.id, stock: 2.5 }] }, '/items/0/stock'],
      [{ shop_id: s.shopId, warehouse_id: 999, items: [{ product_id: product.id, stock: 5 }] }, '/warehouse_id'],
      [
        {
          shop_id: s.shopId,
          items: [
            { product_id: product.id, stock: 5 },
            { product_id: randomUUID(), stock: 5 },
          ],
        },
        '/items/1/product_id',
      ],
      [{ shop_id: s.shopId, items: [{ product_id: colours.id, variant_id: randomUUID(), stock: 5 }] }, '/items/0/variant_id'],
    ];
    for (const [payload, path] of refusals) {
      const refused = await inject('POST', '/api/stock', payload);
      expect(refused.statusCode, path).toBe(422);
      expect(refused.json().errors.map((error: { path: string }) => error.path)).toContain(path);
      expect(refused.json().errors[0].message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await s.t.container.cradle.products.findById(product.id))!.sale_stock).toBeNull();
    expect(await stockOf(product.id)).toEqual([]);

    const accepted = await inject('POST', '/api/stock', {
      shop_id: s.shopId,
      items: [
        { product_id: product.id, stock: 7 },
        { product_id: colours.id, variant_id: colours.variants[0]!.id, stock: 50 },
      ],
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().items).toHaveLength(2);
    expect(await settled(product.id)).toMatchObject([{ status: 'sent', stock: 7 }]);
    expect(await settled(colours.id)).toMatchObject([{ status: 'sent', stock: 50 }]);
    expect(s.ozon.stockBook.stocks.get(`${product.offer_id}|${ORDINARY}`)).toBe(7);
    // Typed above the collected 3: the seller's number goes as typed.
    expect(s.ozon.stockBook.stocks.get(`${colours.variants[0]!.offer_id}|${ORDINARY}`)).toBe(50);
    expect((await s.t.container.cradle.products.findById(colours.id))!.variants[0]!.sale_stock).toBe(50);
    expect(s.ozon.stockBook.schemaViolations).toEqual([]);
  });

  it('explains a bulky product refused on an ordinary warehouse, then refuses that warehouse up front with the reason', async () => {
    const bulky = await published();
    s.ozon.stockBook.kgtOffers.add(bulky.offer_id);
    expect((await inject('POST', '/api/stock', { shop_id: s.shopId, items: [{ product_id: bulky.id, stock: 4 }] })).statusCode).toBe(202);
    const [refused] = await settled(bulky.id);
    expect(refused).toMatchObject({ status: 'failed', errors: [{ code: 'OVER_MAX_OVH_NON_KGT' }] });
    expect(refused!.errors[0]!.explanation).toMatch(/大件/);

    const again = await inject('POST', '/api/stock', { shop_id: s.shopId, items: [{ product_id: bulky.id, stock: 9 }] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'STOCK_WAREHOUSE_KIND' });
    expect(again.json().detail).toMatch(/OVER_MAX_OVH_NON_KGT/);
    expect((await s.t.container.cradle.products.findById(bulky.id))!.sale_stock).toBe(4);

    const onBulky = await inject('POST', '/api/stock', { shop_id: s.shopId, warehouse_id: BULKY, items: [{ product_id: bulky.id, stock: 9 }] });
    expect(onBulky.statusCode).toBe(202);
    expect((await settled(bulky.id)).find((item) => item.status === 'sent')).toMatchObject({ stock: 9 });
  });

  it('an offer not on the marketplace yet waits as not_created; a PATCH and the bulk action send a published offer again', async () => {
    const draft = await published({ marketplace_product_id: null, stage: 'ready' });
    const queued = await inject('POST', '/api/stock', { shop_id: s.shopId, items: [{ product_id: draft.id, stock: 3 }] });
    expect(queued.json().items).toMatchObject([{ status: 'not_created', stock: 3 }]);

    const product = await published();
    await inject('POST', '/api/stock', { shop_id: s.shopId, items: [{ product_id: product.id, stock: 1 }] });
    expect(await settled(product.id)).toMatchObject([{ status: 'sent', stock: 1 }]);
    const patched = await inject('PATCH', `/api/products/${product.id}`, { sale_stock: 12 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ sale_stock: 12, stage: 'published' });
    expect(await settled(product.id)).toMatchObject([{ status: 'sent', stock: 12 }]);

    const bulk = await inject('POST', '/api/products/bulk', { product_ids: [product.id], action: 'stock', params: { stock: 30 } });
    expect(bulk.json().results).toEqual([{ product_id: product.id, ok: true }]);
    expect(await settled(product.id)).toMatchObject([{ status: 'sent', stock: 30 }]);
    const badBulk = await inject('POST', '/api/products/bulk', { product_ids: [product.id], action: 'stock', params: { stock: -3 } });
    expect(badBulk.statusCode).toBe(422);
    expect(s.ozon.stockBook.stocks.get(`${product.offer_id}|${ORDINARY}`)).toBe(30);
    expect(s.ozon.stockBook.received.filter((pair) => pair.error === 'TOO_MANY_REQUESTS')).toEqual([]);
  });
});
