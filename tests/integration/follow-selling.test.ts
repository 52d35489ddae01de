import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { FAKE_CATEGORY_ID, FAKE_TYPE_ID } from '../fakes/ozon-catalog.ts';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { GOOD_KEY, MARKET_SOON, bindActiveShop, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { copyableProduct } from '../helpers/publishable-product.ts';
import { randomUUID } from 'node:crypto';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type ProductBody = {
  id: string;
  version: number;
  stage: string;
  publish_mode: string;
  market_price_rub: number | null;
  price: number | null;
  sources: { platform: string; item_id: string }[];
  pricing: { cost_cny?: number; weight_g?: number; prefilled?: string[] };
};
type MarketBody = { market_state: string | null; offers: { offer_id: string; market_state: string }[] };

const SKUS = [1459384721, 1459384722, 1459384723, 1459384724, 1459384725];
const ozonPage = (sku: number) => `https://www.ozon.ru/product/kruzhka-keramicheskaya-${sku}/`;

/**
 * Follow-selling as a new seller does it (issue 34, docs/decisions.md, Follow-selling): marketplace pages collected with
 * the extension's `ozon` profile start as copies priced beside the page's price; a 1688 page appended pre-fills the cost
 * and weight; five published in bulk go as copies in ONE import-by-sku request, four end on sale with their stock sent
 * (the moderation sweep and the stock sender, short settings), the fifth is refused COPY_NOT_ALLOWED, switched to
 * `create`, given its category and attributes, and published as a full card.
 */
describe('follow-selling: copies of marketplace cards, with a full card as the fallback', () => {
  let ozon: FakeOzon;
  let cdn: FakeCdn;
  let t: TestApp;
  let shopId: string;

  beforeAll(async () => {
    cdn = await startFakeCdn();
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    ozon.moderation.plan.moderationMs = 0;
    t = await startTestApp({
      env: {
        OZON_API_URL: ozon.url,
        ...MARKET_SOON,
        MARKET_RECHECK_MS: '150',
        STOCK_IDLE: '100ms',
        STOCK_PAIR_INTERVAL: '10ms',
      },
    });
    shopId = await bindActiveShop(t);
    const shop = await api('PATCH', `/api/shops/${shopId}`, { default_warehouse_id: FAKE_WAREHOUSES[0]!.warehouse_id, default_stock: 20 });
    expect(shop.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await ozon?.close();
    cdn?.release();
    await cdn?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  const product = async (id: string): Promise<ProductBody> => (await api('GET', `/api/products/${id}`)).json<ProductBody>();
  const collect = async (productId: string | null, source: object, texts: object[], images: object[] = []): Promise<string> => {
    const response = await api('POST', '/api/materials', { product: { id: productId }, source, texts, images, refererOrigin: 'https://detail.1688.com' });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<{ product_id: string }>().product_id;
  };
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 15_000): Promise<T> => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  };

  it('collects, supplies, publishes four copies in one request to on sale with stock, and the refused fifth as a full card', async () => {
    // Five marketplace pages, as the extension's ozon profile collects them.
    const ids: string[] = [];
    for (const sku of SKUS) {
      ids.push(
        await collect(null, { platform: 'ozon', itemId: String(sku), url: ozonPage(sku), collectedAt: Date.now() }, [
          { kind: 'title', content: 'Кружка керамическая 350 мл' },
          { kind: 'price', content: '1\u2009299\u00a0₽' },
        ]),
      );
    }
    expect(await product(ids[0]!)).toMatchObject({ stage: 'collected', publish_mode: 'copy', market_price_rub: 1299 });

    // The supply: its 1688 page appended; cost and weight pre-filled from it, both sources kept.
    await collect(ids[0]!, { platform: '1688', itemId: '6001', url: 'https://detail.1688.com/offer/6001.html', collectedAt: Date.now() }, [
      { kind: 'price', content: '¥18.50' },
      { kind: 'params', content: '', pairs: [{ key: '重量', value: '320g' }] },
    ]);
    const supplied = await product(ids[0]!);
    expect(supplied.pricing).toMatchObject({ cost_cny: 18.5, weight_g: 320, prefilled: ['cost_cny', 'weight_g'] });
    expect(supplied.sources.map((source) => source.platform)).toEqual(['ozon', '1688']);
    const by1688 = (await api('GET', '/api/products?platform=1688')).json<{ items: { id: string; publish_mode: string; market_price_rub: number }[] }>();
    expect(by1688.items).toEqual([expect.objectContaining({ id: ids[0], publish_mode: 'copy', market_price_rub: 1299 })]);
    const copies = (await api('GET', '/api/products?publish_mode=copy')).json<{ total: number }>();
    expect(copies.total).toBe(5);

    // Priced (ours beside the marketplace's: the seller sets the markup), an offer id each, ready without category, attributes or images.
    for (const [index, id] of ids.entries()) {
      const pricing = { cost_cny: 18.5, weight_g: 320, markup_percent: 40 };
      const priced = await api('PATCH', `/api/products/${id}`, { offer_id: `MUG-${index + 1}`, pricing });
      expect(priced.statusCode).toBe(200);
      expect(priced.json<ProductBody>().price).toBeGreaterThan(0);
      const ready = await api('POST', `/api/products/${id}/stage`, { stage: 'ready' });
      expect(ready.json()).toMatchObject({ stage: 'ready' });
    }
    const check = await api('POST', `/api/products/${ids[0]}/publish/check`, { shop_id: shopId });
    expect(check.json()).toMatchObject({ ok: true, errors: [] });

    // The fifth card's owner forbids copies.
    ozon.copies.refused.add(SKUS[4]!);
    const bulk = await api('POST', '/api/publish', { shop_id: shopId, product_ids: ids });
    expect(bulk.statusCode).toBe(202);
    const answer = bulk.json<{ tasks: { product_ids: string[] }[]; refused: { product_id: string; code?: string; errors: { message: string }[] }[] }>();
    expect(answer.tasks).toEqual([{ task_id: expect.any(String), product_ids: ids.slice(0, 4) }]);
    expect(answer.refused).toEqual([
      { product_id: ids[4], code: 'COPY_NOT_ALLOWED', errors: [{ path: 'publish_mode', message: expect.stringContaining('不允许跟卖') }] },
    ]);
    // One request of five copies, the fifth refused by the marketplace.
    expect(ozon.copies.requests).toHaveLength(1);
    expect(ozon.copies.requests[0]!.items.map((item) => item.sku)).toEqual(SKUS);
    expect(ozon.copies.requests[0]!.unmatched).toEqual([SKUS[4]]);
    const history = (await api('GET', `/api/products/${ids[4]}/publish-history`)).json<{
      items: { status: string; operation: string; errors: { code: string }[] }[];
    }>();
    expect(history.items[0]).toMatchObject({ status: 'failed', operation: 'copy', errors: [{ code: 'COPY_NOT_ALLOWED' }] });

    // The four copies end on sale with their stock sent (the moderation sweep, then the stock sender).
    for (const [index, id] of ids.slice(0, 4).entries()) {
      const market = await until(
        async () => (await api('GET', `/api/products/${id}/market`)).json<MarketBody>(),
        (body) => body.market_state === 'on_sale',
      );
      expect(market.offers).toEqual([expect.objectContaining({ offer_id: `MUG-${index + 1}`, market_state: 'on_sale' })]);
      expect(ozon.stockBook.received).toContainEqual(expect.objectContaining({ offer_id: `MUG-${index + 1}`, stock: 20 }));
    }

    // The fifth: its supply page brings its pictures; switched to a full card, given its category and attributes, published as /v3/product/import.
    const picture = { groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn.url}/jpeg/mug-5.jpg`, index: 0, type: 'img', dedupeKey: 'mug-5' };
    await collect(ids[4]!, { platform: '1688', itemId: '6005', url: 'https://detail.1688.com/offer/6005.html', collectedAt: Date.now() }, [], [picture]);
    await until(
      async () => (await api('GET', `/api/products/${ids[4]}`)).json<{ assets: { status: string }[] }>(),
      (body) => body.assets.some((asset) => asset.status === 'stored'),
    );
    const switched = await api('PATCH', `/api/products/${ids[4]}`, {
      publish_mode: 'create',
      description: 'Керамическая кружка.',
      description_category_id: FAKE_CATEGORY_ID,
      type_id: FAKE_TYPE_ID,
      attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': 'MUG-5' },
      depth: 120,
      width: 90,
      height: 100,
    });
    expect(switched.json()).toMatchObject({ publish_mode: 'create', stage: 'editing' });
    expect((await api('POST', `/api/products/${ids[4]}/stage`, { stage: 'ready' })).json()).toMatchObject({ stage: 'ready' });
    const full = await api('POST', `/api/products/${ids[4]}/publish`, { shop_id: shopId });
    expect(full.statusCode).toBe(202);
    expect(full.json()).toMatchObject({ operation: 'import' });
    expect((await waitForFinalTask(t, full.json<{ task_id: string }>().task_id)).status).toBe('imported');
    const imported = [...ozon.tasks.values()].flatMap((task) => task.items).find((item) => item.offer_id === 'MUG-5');
    expect(imported).toMatchObject({ description_category_id: FAKE_CATEGORY_ID, type_id: FAKE_TYPE_ID });
  });

  it('refuses a copy without a marketplace SKU in Chinese and changes nothing', async () => {
    const id = await collect(null, { platform: '1688', itemId: '7001', url: 'https://detail.1688.com/offer/7001.html', collectedAt: Date.now() }, [
      { kind: 'title', content: '陶瓷杯' },
    ]);
    const before = await product(id);
    expect(before.publish_mode).toBe('create');
    const refused = await api('PATCH', `/api/products/${id}`, { publish_mode: 'copy' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'COPY_WITHOUT_SKU', detail: expect.stringContaining('跟卖') });
    expect(await product(id)).toMatchObject({ publish_mode: 'create', version: before.version });

    const copy = await collect(null, { platform: 'ozon', itemId: '1459384799', url: ozonPage(1459384799), collectedAt: Date.now() }, [
      { kind: 'title', content: 'Кружка' },
    ]);
    const badSku = await api('PATCH', `/api/products/${copy}`, { source_item_id: '12a' });
    expect(badSku.statusCode).toBe(422);
    expect(badSku.json()).toMatchObject({ code: 'COPY_SKU_INVALID', detail: expect.stringContaining('正整数') });
    expect(await product(copy)).toMatchObject({ publish_mode: 'copy', market_price_rub: null });
  });

  it('waits as waiting_quota when the marketplace answers 429 with Item-Retry-After, and beyond the daily create quota', async () => {
    const insertCopy = async (sku: number): Promise<string> => {
      const id = randomUUID();
      await t.container.cradle.products.insert(copyableProduct(sku, { id, offer_id: `MUG-Q-${sku}` }, new Date().toISOString()));
      return id;
    };
    type Record = { status: string; operation: string; next_attempt_at: string | null };
    ozon.copies.itemLimitNext(1, 5);
    const limited = await api('POST', `/api/products/${await insertCopy(1459384801)}/publish`, { shop_id: shopId });
    expect(limited.statusCode).toBe(202);
    const waiting = limited.json<Record>();
    expect(waiting).toMatchObject({ status: 'waiting_quota', operation: 'copy' });
    expect(Date.parse(waiting.next_attempt_at!) - Date.now()).toBeGreaterThan(4 * 60_000);

    const before = ozon.copies.requests.length;
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 10, usage: 10 };
    try {
      const full = await api('POST', `/api/products/${await insertCopy(1459384802)}/publish`, { shop_id: shopId });
      expect(full.json<Record>()).toMatchObject({ status: 'waiting_quota', operation: 'copy' });
      expect(ozon.copies.requests.length).toBe(before);
    } finally {
      ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1, usage: 0 };
    }
  });
});
