import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMarketSweep, type MarketSweep } from '../../src/application/publishing/market-sweep.ts';
import { makeMarketWatch } from '../../src/application/publishing/market-watch.ts';
import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing/pricing.ts';
import { priceProduct } from '../../src/domain/variants/variant-pricing.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { type GroupRobotFakes, startGroupRobots } from '../fakes/group-robots.ts';
import { makeTestClock } from '../in-memory/clock-and-ids.ts';
import { GOOD_KEY, bindActiveShop, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE, publishableProduct } from '../helpers/publishable-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';
import { testDatabases } from '../helpers/databases.ts';

/** The sweep's day, shortened: the test clock moves by it instead of the test waiting. */
const DAY = 60_000;

type Summary = {
  id: string;
  price_index: string | null;
  real_margin_percent: number | null;
  planned_margin_percent: number | null;
  below_margin_floor: boolean;
};
type MarketBody = {
  offers: { real_margin_percent: number | null; market_commission_percent: number | null; price_index: string | null; content_rating: number | null }[];
};

/**
 * Issue 33, tried as a new seller would: a shop with a DingTalk robot (signed) and a margin floor of 15 %; the
 * marketplace raises one offer's commission 12 % → 25 % and turns another's price index RED; one sweep later the
 * list shows both and the group got two messages, not repeated by the next sweep; reprice_to_margin 20 % sends
 * prices whose real margin is 20 % ± 0.5 pt, and the group hears nothing more. The sweep runs on an injected clock.
 */
describe.each(testDatabases())('the real margin and the price index, watched, on $name', (database) => {
  let ozon: FakeOzon;
  let robots: GroupRobotFakes;
  let t: TestApp;
  let shopId: string;
  let sweep: MarketSweep;
  let clock = makeTestClock(new Date().toISOString());
  const products: Product[] = [];

  beforeAll(async () => {
    clock = makeTestClock(new Date().toISOString());
    [ozon, robots] = await Promise.all([startFakeOzon(), startGroupRobots()]);
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    t = await startTestApp({ database, env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE, PUBLISH_POLL_IDLE: '100ms' } });
    // The service's own sweep stays out of it: the test runs the sweep's passes on its clock.
    await t.container.cradle.marketSweeper.stop();
    shopId = await bindActiveShop(t);
    const c = t.container.cradle;
    const timings = { firstMs: 1, maxMs: 10, recheckMs: DAY };
    sweep = makeMarketSweep({
      ...{ marketOffers: c.marketOffers, shopAccess: c.shopAccess, marketplace: c.marketplace, notifier: c.notifier, clock, timings },
      offersCreated: { offersCreated: async () => undefined },
      leaseMs: 10 * DAY,
      watch: makeMarketWatch({ marketplace: c.marketplace, products: c.products, clock, recheckMs: DAY, notifier: c.notifier }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([ozon?.close(), robots?.close()]);
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  /** One sweep: every due offer looked at once (passes until none is due). */
  const sweepOnce = async () => {
    for (let guard = 0; guard < 10 && (await sweep.pass()); guard++);
  };
  const list = async (query: string): Promise<Summary[]> => (await api('GET', `/api/products?${query}`)).json<{ items: Summary[] }>().items;
  const offerOf = async (product: Product) => (await api('GET', `/api/products/${product.id}/market`)).json<MarketBody>().offers[0]!;
  const queued = async () => (await t.container.cradle.db.selectFrom('webhook_deliveries').select('id').execute()).length;
  const delivered = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (robots.messages.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return robots.messages.map((message) => message.text);
  };

  it('sets the floor and the robot, refusing a floor of 100 % in Chinese', async () => {
    const refused = await api('PATCH', `/api/shops/${shopId}`, { min_margin_percent: 100 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: string }>().detail).toMatch(/[\u4e00-\u9fff]/);
    const set = await api('PATCH', `/api/shops/${shopId}`, { min_margin_percent: 15 });
    expect(set.json()).toMatchObject({ min_margin_percent: 15 });
    const hook = await api('POST', `/api/shops/${shopId}/webhooks`, {
      kind: 'dingtalk',
      url: robots.dingtalk('margin-robot', 'SECmargin'),
      secret: 'SECmargin',
      kinds: ['price_index_red', 'low_margin'],
    });
    expect(hook.statusCode).toBe(201);
  });

  it('reads commissions and indexes within one sweep: the list shows both, the group hears twice and not again', async () => {
    for (const name of ['Коробка комиссия', 'Коробка индекс']) {
      const id = crypto.randomUUID();
      const product = priceProduct(
        publishableProduct({ id, name, offer_id: `M-${id.slice(0, 8)}`, pricing: { cost_cny: 20, weight_g: 300, fx_rate: 11.5 } }, clock.iso()),
        11.5,
        DEFAULT_PRICING_POLICY,
      );
      await t.container.cradle.products.insert(product);
      products.push(product);
      ozon.moderation.stock.set(product.offer_id, 5);
      const sent = await api('POST', `/api/products/${id}/publish`, { shop_id: shopId });
      expect(sent.statusCode, sent.body).toBe(202);
      expect((await waitForFinalTask(t, sent.json<{ task_id: string }>().task_id)).status).toBe('imported');
    }
    const [raised, red] = products as [Product, Product];
    await sweepOnce();
    clock.advance(10);
    await sweepOnce();
    // The marketplace's 12 % against the tier's 15.5 %: more is kept than planned.
    const before = await offerOf(raised);
    expect(before).toMatchObject({ market_commission_percent: 12, price_index: 'GREEN', content_rating: 62.5 });
    expect(before.real_margin_percent).toBeCloseTo(23.03, 1);

    ozon.priceBook.set(raised.offer_id, { sales_percent_fbs: 25 });
    ozon.priceBook.set(red.offer_id, { color_index: 'RED' });
    clock.advance(DAY);
    await sweepOnce();
    expect(ozon.priceBook.priceReads.at(-1)).toHaveLength(2); // both offers in one request

    // A product never read sorts last either way (a page walks the read ones by the margin's index, then the rest).
    const unread = publishableProduct({ id: crypto.randomUUID(), offer_id: 'M-UNREAD' }, clock.iso());
    await t.container.cradle.products.insert(unread);
    const byMargin = await list('sort=real_margin');
    expect(byMargin.map((item) => item.id)).toEqual([raised.id, red.id, unread.id]);
    expect((await list('sort=-real_margin')).map((item) => item.id)).toEqual([red.id, raised.id, unread.id]);
    expect((await list('sort=-real_margin&page_size=1&page=3')).map((item) => item.id)).toEqual([unread.id]);
    expect((await list('sort=-price_index&page_size=1')).map((item) => item.id)).toEqual([red.id]);
    expect(byMargin[0]).toMatchObject({ below_margin_floor: true, planned_margin_percent: expect.closeTo(19.53, 1) });
    expect(byMargin[0]!.real_margin_percent).toBeCloseTo(10.03, 1);
    expect((await list('price_index=RED')).map((item) => item.id)).toEqual([red.id]);
    expect((await list('real_margin_below=15')).map((item) => item.id)).toEqual([raised.id]);

    expect(await queued()).toBe(2);
    const texts = await delivered(2);
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('Коробка комиссия');
    expect(texts.join('\n')).toContain('Коробка индекс');
    expect(robots.badSignatures).toBe(0);

    clock.advance(DAY);
    await sweepOnce();
    expect(await queued()).toBe(2);
  });

  it('reprices both to a 20 % real margin through the one computation, and the group hears nothing more', async () => {
    const [raised, red] = products as [Product, Product];
    for (const margin of [100, -1]) {
      const refused = await api('POST', '/api/products/bulk', { action: 'reprice_to_margin', product_ids: [raised.id], params: { margin_percent: margin } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ detail: string }>().detail).toMatch(/[\u4e00-\u9fff]/);
    }
    const sentBefore = ozon.prices.length;
    const bulk = await api('POST', '/api/products/bulk', { action: 'reprice_to_margin', product_ids: [raised.id, red.id], params: { margin_percent: 20 } });
    expect(bulk.json()).toEqual({ results: [expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })] });
    const deadline = Date.now() + 10_000;
    while (ozon.prices.length < sentBefore + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sent = ozon.prices.slice(sentBefore);
    expect(sent.map((price) => price.offer_id).sort()).toEqual([raised.offer_id, red.offer_id].sort());

    // The price sends make the prices due again: the next pass reads them and finds the margin asked for.
    clock.advance(10);
    await sweepOnce();
    for (const product of [raised, red]) {
      const offer = await offerOf(product);
      expect(Math.abs(offer.real_margin_percent! - 20)).toBeLessThanOrEqual(0.5);
    }
    expect((await list('real_margin_below=15')).map((item) => item.id)).toEqual([]);
    clock.advance(DAY);
    await sweepOnce();
    expect(await queued()).toBe(2);
    expect(robots.messages).toHaveLength(2);
  });

  it('reads the shop again at once when its floor changes: a floor above both margins flags and tells both in the next pass', async () => {
    const [raised, red] = products as [Product, Product];
    expect(await list('real_margin_below=100')).toHaveLength(2);
    expect((await api('PATCH', `/api/shops/${shopId}`, { min_margin_percent: 25 })).statusCode).toBe(200);
    await sweepOnce(); // the clock has not moved: only the floor's change made them due
    expect(
      (await list('sort=real_margin'))
        .filter((item) => item.below_margin_floor)
        .map((item) => item.id)
        .sort(),
    ).toEqual([raised.id, red.id].sort());
    expect(await queued()).toBe(4);
  });
});
