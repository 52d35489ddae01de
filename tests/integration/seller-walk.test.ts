import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, MARKET_SOON, insertPublishable } from '../helpers/marketplace-app.ts';
import { storedVariantProduct } from '../helpers/stored-variant-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const HAN = /\p{Script=Han}/u;
type Offer = { offer_id: string; market_state: string; marketplace_product_id: string; market_errors: Record<string, unknown>[] };
type Market = { market_state: string | null; offers: Offer[] };

/**
 * Issue 31's "Done when", walked as one new seller over HTTP against the fake marketplace (timers shortened by
 * settings): bind a shop, pick a warehouse and a default stock of 20, publish ten products (one with three colours)
 * in one bulk, and every offer ends on sale with 20 in stock by itself; one declined later is explained in Chinese
 * beside its field, fixed, sent again as an update of the same card and ends on sale; two archived from the bulk
 * bar free the range. Then the bad inputs, each refused in Chinese with nothing changed. The separate files
 * (stock-api, market-follow, publish-check) check each piece's details; this one checks that they join up.
 */
describe('a new seller, from binding a shop to cards on sale', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  const warehouse = FAKE_WAREHOUSES[0]!; // an ordinary (non-KGT) FBS warehouse
  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    t = await startTestApp({
      env: {
        OZON_API_URL: ozon.url,
        ...MARKET_SOON,
        PUBLISH_POLL_FIRST: '20ms',
        STOCK_IDLE: '50ms',
        STOCK_PAIR_INTERVAL: '100ms',
        MARKET_RECHECK_MS: '100',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await ozon?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  const market = async (productId: string) => (await api('GET', `/api/products/${productId}/market`)).json<Market>();
  /** Polls `read` until `done` holds (bounded; nothing asserts on how long it took). */
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 15_000): Promise<T> => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const refusedInChinese = (response: { statusCode: number; json: () => { code?: unknown; detail?: unknown } }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toMatchObject({ code, detail: expect.stringMatching(HAN) });
  };

  it('publishes ten products in one bulk, each offer ends on sale with 20 in stock; a declined one is fixed and sent again; two archived free the range; bad input changes nothing', async () => {
    // Bind and test the shop, pick the warehouse and the default stock, as the shops screen does.
    const bound = await api('POST', '/api/shops', { name: '我的店', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' });
    expect(bound.statusCode).toBe(201);
    const shopId = bound.json<{ id: string }>().id;
    expect((await api('POST', `/api/shops/${shopId}/test`)).json()).toMatchObject({ ok: true });
    const warehouses = (await api('GET', `/api/shops/${shopId}/warehouses`)).json<{ items: { warehouse_id: number }[] }>();
    expect(warehouses.items.map((item) => item.warehouse_id)).toContain(warehouse.warehouse_id);
    expect((await api('PATCH', `/api/shops/${shopId}`, { default_warehouse_id: warehouse.warehouse_id, default_stock: 20 })).statusCode).toBe(200);

    const singles = [];
    for (let n = 0; n < 9; n++) singles.push(await insertPublishable(t));
    const { product: colours, variants } = await storedVariantProduct(t.container.cradle, 'WALK-TRIO');
    const products = [...singles, colours];
    const offerIds = [...singles.map((product) => product.offer_id), ...variants.map((variant) => variant.offer_id)];
    const usage = async () => (await api('GET', `/api/shops/${shopId}/limits`)).json<{ total: { usage: number } }>().total.usage;

    const bulk = await api('POST', '/api/publish', { shop_id: shopId, product_ids: products.map((product) => product.id) });
    expect(bulk.statusCode).toBe(202);
    expect(bulk.json()).toMatchObject({ refused: [], waiting: [] });

    // No other call: the sweep sees each card created, the stock goes out by itself, the next look sees it on sale.
    const everyOnSale = async () => Promise.all(products.map((product) => market(product.id)));
    const sold = await until(everyOnSale, (all) => all.every((body) => body.market_state === 'on_sale'));
    expect(sold.flatMap((body) => body.offers.map((offer) => [offer.offer_id, offer.market_state])).sort()).toEqual(
      offerIds.map((id) => [id, 'on_sale']).sort(),
    );
    for (const offerId of offerIds) expect(ozon.stockBook.stocks.get(`${offerId}|${warehouse.warehouse_id}`), offerId).toBe(20);
    expect(ozon.stockBook.received.filter((pair) => pair.error)).toEqual([]);
    expect(ozon.stockBook.schemaViolations).toEqual([]);
    // The stock went out as the cards were created: the seller was never told 在售无库存 about them.
    const told = (await api('GET', '/api/notifications')).json<{ items: { kind: string }[] }>();
    expect(told.items.filter((item) => item.kind === 'no_stock')).toEqual([]);
    const list = (await api('GET', '/api/products?market_state=on_sale')).json<{ total: number; market_state_counts: Record<string, number> }>();
    expect(list).toMatchObject({ total: 10, market_state_counts: { on_sale: 10 } });

    // Declined hours later (here: now): the reason in Chinese, beside the attribute it names.
    const declinedOne = singles[3]!;
    const cardId = sold[3]!.offers[0]!.marketplace_product_id;
    ozon.moderation.declineAfter(declinedOne.offer_id, 0);
    const declined = await until(
      () => market(declinedOne.id),
      (body) => body.market_state === 'declined',
    );
    expect(declined.offers[0]!.market_errors).toEqual([
      expect.objectContaining({ field: 'attribute', attribute_id: 85, level: 'ERROR_LEVEL_ERROR', explanation: expect.stringMatching(HAN) }),
    ]);
    expect((await api('GET', '/api/products?market_state=declined')).json()).toMatchObject({
      total: 1,
      items: [{ id: declinedOne.id, market_state: 'declined' }],
    });

    // Fixed (the brand, attribute 85) and sent again: an update of the same card, on sale again.
    const fixed = await api('PATCH', `/api/products/${declinedOne.id}`, {
      attributes: { ...declinedOne.attributes, '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }] },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await api('POST', `/api/products/${declinedOne.id}/publish`, { shop_id: shopId });
    expect(again.statusCode, again.body).toBe(202);
    // `existing` names only cards the service did not know; this one it made, so it goes as an update by itself.
    expect(again.json()).toMatchObject({ existing: false });
    const resold = await until(
      () => market(declinedOne.id),
      (body) => body.market_state === 'on_sale',
    );
    expect(resold.offers).toEqual([expect.objectContaining({ market_state: 'on_sale', marketplace_product_id: cardId, market_errors: [] })]);

    // Two archived on the marketplace from the bulk bar: the range usage falls by two.
    const before = await usage();
    const archivedPair = [singles[0]!, singles[1]!];
    const archived = await api('POST', '/api/products/bulk', { action: 'market_archive', product_ids: archivedPair.map((product) => product.id) });
    expect(archived.json()).toEqual({ results: archivedPair.map((product) => ({ product_id: product.id, ok: true })) });
    expect(await usage()).toBe(before - 2);

    // Bad input: each a Chinese 4xx with {detail, code}, and nothing changes (stock on the marketplace, sale_stock, states).
    const stocksBefore = new Map(ozon.stockBook.stocks);
    const target = singles[5]!;
    refusedInChinese(await api('POST', '/api/stock', { shop_id: shopId, items: [{ product_id: target.id, stock: -1 }] }), 422, 'VALIDATION_FAILED');
    refusedInChinese(await api('PATCH', `/api/products/${target.id}`, { sale_stock: 2.5 }), 422, 'VALIDATION_FAILED');
    refusedInChinese(
      await api('POST', '/api/stock', { shop_id: shopId, warehouse_id: 1234, items: [{ product_id: target.id, stock: 3 }] }),
      422,
      'WAREHOUSE_NOT_IN_SHOP',
    );
    // A bulky product: the marketplace refuses it on the ordinary warehouse (explained), after which the service refuses up front.
    const bulky = singles[6]!;
    ozon.stockBook.kgtOffers.add(bulky.offer_id);
    expect((await api('POST', '/api/stock', { shop_id: shopId, items: [{ product_id: bulky.id, stock: 5 }] })).statusCode).toBe(202);
    type StockItem = { status: string; errors: { code: string; explanation: string }[] };
    const stockOf = async () => (await api('GET', `/api/products/${bulky.id}/stock`)).json<{ items: StockItem[] }>().items;
    const refusedBulky = await until(stockOf, (items) => items.some((item) => item.status === 'failed'));
    expect(refusedBulky.find((item) => item.status === 'failed')).toMatchObject({
      errors: [{ code: 'OVER_MAX_OVH_NON_KGT', explanation: expect.stringMatching(HAN) }],
    });
    refusedInChinese(await api('POST', '/api/stock', { shop_id: shopId, items: [{ product_id: bulky.id, stock: 6 }] }), 422, 'STOCK_WAREHOUSE_KIND');
    // Unarchiving an automatically archived card past the daily limit.
    const auto = singles[7]!;
    ozon.moderation.autoArchive(auto.offer_id);
    await until(
      () => market(auto.id),
      (body) => body.market_state === 'archived',
    );
    ozon.moderation.useRestores(10);
    refusedInChinese(await api('POST', `/api/products/${auto.id}/market/unarchive`), 409, 'UNARCHIVE_LIMIT_REACHED');
    expect(ozon.moderation.isArchived(auto.offer_id)).toBe(true);
    // Deleting an archived card that still has its SKU.
    refusedInChinese(await api('POST', `/api/products/${archivedPair[0]!.id}/market/delete`), 409, 'MARKET_DELETE_HAS_SKU');
    expect(ozon.moderation.isDeleted(archivedPair[0]!.offer_id)).toBe(false);
    // An old price 3 % above a 5 000 ₽ price: the pre-flight refuses the publish.
    const pricey = singles[8]!;
    const current = (await t.container.cradle.products.findById(pricey.id))!;
    const priced = { price: 5000, old_price: 5150, pricing: { cost_cny: 300, weight_g: 300, result: { price_rub: 5000, old_price_rub: 5150, fx_rate: 11.5 } } };
    expect(await t.container.cradle.products.update({ ...current, ...priced } as typeof current, current.version)).toBe(true);
    const importsBefore = ozon.requests.filter((request) => request.url === '/v3/product/import').length;
    refusedInChinese(await api('POST', `/api/products/${pricey.id}/publish`, { shop_id: shopId }), 422, 'PUBLISH_CHECKS_FAILED');
    expect(ozon.requests.filter((request) => request.url === '/v3/product/import')).toHaveLength(importsBefore);

    expect(ozon.stockBook.stocks).toEqual(stocksBefore);
    expect((await t.container.cradle.products.findById(target.id))!.sale_stock).toBe(target.sale_stock);
    expect((await t.container.cradle.products.findById(bulky.id))!.sale_stock).toBe(5);
    expect(await usage()).toBe(before - 2);
    expect((await market(archivedPair[0]!.id)).market_state).toBe('archived');
    expect((await market(pricey.id)).market_state).toBe('on_sale');
  });
});
