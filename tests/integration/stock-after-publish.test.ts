import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { type ShopApp, insertPublishable, startShopApp } from '../helpers/marketplace-app.ts';

const WAREHOUSE = FAKE_WAREHOUSES[0]!.warehouse_id;

/**
 * The whole way a seller sees it (issue 31, "without another click"): publish, the moderation sweep sees the card
 * created, the stock goes to the shop's default warehouse at the shop's default stock by itself.
 */
describe('stock after a publish', () => {
  let s: ShopApp;
  beforeAll(async () => {
    s = await startShopApp({ PUBLIC_BASE_URL: 'https://lws.example.com', MARKET_SWEEP_FIRST_MS: '100', PUBLISH_POLL_IDLE: '200ms', STOCK_IDLE: '100ms' });
  });
  afterAll(async () => s.close());

  it('sends the default stock of a published product to the default warehouse once the marketplace reports it created', async () => {
    const patched = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${s.shopId}`,
      headers: s.t.auth,
      payload: { default_warehouse_id: WAREHOUSE, default_stock: 20 },
    });
    expect(patched.statusCode).toBe(200);
    const product = await insertPublishable(s.t);
    const published = await s.t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: s.t.auth, payload: { shop_id: s.shopId } });
    expect(published.statusCode).toBe(202);
    const deadline = Date.now() + 15_000;
    while (!s.ozon.stockBook.stocks.has(`${product.offer_id}|${WAREHOUSE}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.ozon.stockBook.stocks.get(`${product.offer_id}|${WAREHOUSE}`)).toBe(20);
    expect(s.ozon.stockBook.received.map((pair) => pair.error ?? 'taken')).toEqual(['taken']);
    expect(s.ozon.stockBook.schemaViolations).toEqual([]);
    // Moderation ended before the stock arrived (no stock): the sweep looks again once the stock is taken, not a
    // recheck (MARKET_RECHECK_MS, a day here) later.
    const stateOf = async () => (await s.t.app.inject({ method: 'GET', url: `/api/products/${product.id}/market`, headers: s.t.auth })).json();
    const until = Date.now() + 10_000;
    let market = await stateOf();
    while (market.market_state !== 'on_sale' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      market = await stateOf();
    }
    expect(market.market_state).toBe('on_sale');
  });
});
