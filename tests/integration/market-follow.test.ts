import { asValue } from 'awilix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedOffer } from '../../src/application/ports/offers-created.ts';
import { startFeatures } from '../../src/infrastructure/container.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, MARKET_SOON, bindActiveShop, insertPublishable, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { storedVariantProduct } from '../helpers/stored-variant-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type MarketBody = {
  product_id: string;
  market_state: string | null;
  offers: {
    offer_id: string;
    variant_id: string | null;
    market_state: string;
    sku: string | null;
    marketplace_product_id: string;
    market_errors: Record<string, unknown>[];
  }[];
};

/**
 * Moderation followed to the end, as a seller sees it (issue 31): the background sweep follows an imported card
 * until moderation approves it, sees it declined later with the reason in Chinese, follows the fixed card sent again
 * as an update, and the card is archived, restored and deleted on the marketplace. Timings shortened by settings.
 */
describe('following a card on the marketplace after its import', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;
  const created: CreatedOffer[] = [];

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    t = await startTestApp({
      start: false,
      env: {
        OZON_API_URL: ozon.url,
        ...MARKET_SOON,
        MARKET_RECHECK_MS: '150',
      },
    });
    // The stock feature's port, recorded: it must hear of each offer once, when first created.
    t.container.register({ offersCreated: asValue({ offersCreated: async (offers: readonly CreatedOffer[]) => void created.push(...offers) }) });
    await startFeatures(t.container);
    shopId = await bindActiveShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await ozon?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  const market = async (productId: string): Promise<MarketBody> => (await api('GET', `/api/products/${productId}/market`)).json<MarketBody>();
  /** Reads the product's market state until `done` holds (bounded; nothing asserts on how long it took). */
  const until = async (productId: string, done: (body: MarketBody) => boolean, limitMs = 10_000): Promise<MarketBody> => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const body = await market(productId);
      if (done(body) || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const publish = async (productId: string) => {
    const response = await api('POST', `/api/products/${productId}/publish`, { shop_id: shopId });
    expect(response.statusCode).toBe(202);
    expect((await waitForFinalTask(t, response.json<{ task_id: string }>().task_id)).status).toBe('imported');
  };

  it('follows an imported card through moderation to on sale, then sees it declined later, explained in Chinese', async () => {
    ozon.moderation.plan.moderationMs = 300;
    const product = await insertPublishable(t);
    ozon.moderation.stock.set(product.offer_id, 20);
    await publish(product.id);
    const moderating = await until(product.id, (body) => body.market_state !== null);
    expect(moderating).toMatchObject({ market_state: 'moderating', offers: [{ offer_id: product.offer_id, market_state: 'moderating', sku: null }] });
    const onSale = await until(product.id, (body) => body.market_state === 'on_sale');
    expect(onSale.offers).toEqual([expect.objectContaining({ market_state: 'on_sale', market_errors: [], sku: expect.stringMatching(/^\d+$/) })]);
    // Created once: its stock was queued exactly once, with its card's id.
    expect(created.filter((offer) => offer.offer_id === product.offer_id)).toEqual([
      {
        shop_id: shopId,
        product_id: product.id,
        variant_id: null,
        offer_id: product.offer_id,
        marketplace_product_id: onSale.offers[0]!.marketplace_product_id,
      },
    ]);

    ozon.moderation.declineAfter(product.offer_id, 0);
    const declined = await until(product.id, (body) => body.market_state === 'declined');
    expect(declined.offers[0]!.market_errors).toEqual([
      {
        code: 'error_attribute_values_out_of_range',
        field: 'attribute',
        attribute_id: 85,
        level: 'ERROR_LEVEL_ERROR',
        message: 'Укажите бренд из справочника',
        explanation: '属性值超出允许范围，或不是平台字典中的值',
      },
    ]);
    // The seller is told once, with the reason (docs/decisions.md, Notifications).
    const told = (await api('GET', '/api/notifications')).json<{ items: { kind: string; product_id: string; detail: string }[] }>();
    expect(told.items.filter((item) => item.kind === 'declined' && item.product_id === product.id)).toEqual([
      expect.objectContaining({ detail: expect.stringContaining('属性值超出允许范围') }),
    ]);
    const list = await api('GET', '/api/products?market_state=declined');
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: product.id, market_state: 'declined' }], market_state_counts: { declined: 1 } });

    // Fixed and sent again: an update of the same card, followed to on sale again.
    await publish(product.id);
    const again = await until(product.id, (body) => body.market_state === 'on_sale');
    expect(again.offers[0]!.marketplace_product_id).toBe(onSale.offers[0]!.marketplace_product_id);
    expect(created.filter((offer) => offer.offer_id === product.offer_id)).toHaveLength(1);
  });

  it('follows each colour as its own offer: one declined colour marks the product declined, the others keep their state', async () => {
    ozon.moderation.plan.moderationMs = 0;
    const { product, variants } = await storedVariantProduct(t.container.cradle, `TRIO-${Date.now() % 100_000}`);
    ozon.moderation.stock.set(variants[0]!.offer_id, 5);
    await publish(product.id);
    const followed = await until(product.id, (body) => body.offers.length === 3 && body.offers.every((offer) => offer.market_state !== 'moderating'));
    const byOffer = (body: MarketBody) => Object.fromEntries(body.offers.map((offer) => [offer.offer_id, [offer.variant_id, offer.market_state]]));
    expect(byOffer(followed)).toEqual({
      [variants[0]!.offer_id]: [variants[0]!.id, 'on_sale'],
      [variants[1]!.offer_id]: [variants[1]!.id, 'no_stock'],
      [variants[2]!.offer_id]: [variants[2]!.id, 'no_stock'],
    });
    expect(followed.market_state).toBe('no_stock');
    ozon.moderation.declineAfter(variants[2]!.offer_id, 0);
    const declined = await until(product.id, (body) => body.market_state === 'declined');
    expect(byOffer(declined)[variants[2]!.offer_id]).toEqual([variants[2]!.id, 'declined']);
    expect(byOffer(declined)[variants[0]!.offer_id]).toEqual([variants[0]!.id, 'on_sale']);
  });

  it('archives on the marketplace (range usage falls), refuses deleting a card with an SKU, restores it', async () => {
    ozon.moderation.plan.moderationMs = 0;
    const product = await insertPublishable(t);
    await publish(product.id);
    await until(product.id, (body) => body.market_state === 'no_stock');
    const usage = async () => (await api('GET', `/api/shops/${shopId}/limits`)).json<{ total: { usage: number } }>().total.usage;
    const before = await usage();

    const archived = await api('POST', `/api/products/${product.id}/market/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ market_state: 'archived', offers: [{ market_state: 'archived' }] });
    expect(await usage()).toBe(before - 1);
    // The service's own stage is left alone.
    expect((await t.container.cradle.products.findById(product.id))?.stage).toBe('published');

    const refused = await api('POST', `/api/products/${product.id}/market/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MARKET_DELETE_HAS_SKU', detail: expect.stringContaining('SKU') });
    expect(ozon.moderation.isDeleted(product.offer_id)).toBe(false);

    const restored = await api('POST', `/api/products/${product.id}/market/unarchive`);
    expect(restored.statusCode).toBe(200);
    expect(await usage()).toBe(before);
    expect((await until(product.id, (body) => body.market_state === 'no_stock')).market_state).toBe('no_stock');
  });

  it('archives two from the bulk bar in one request; more than 100 at once is a Chinese 422', async () => {
    ozon.moderation.plan.moderationMs = 0;
    const products = [await insertPublishable(t), await insertPublishable(t)];
    for (const product of products) await publish(product.id);
    for (const product of products) await until(product.id, (body) => body.market_state === 'no_stock');
    const requests = ozon.moderation.requests.length;
    const bulk = await api('POST', '/api/products/bulk', { action: 'market_archive', product_ids: products.map((product) => product.id) });
    expect(bulk.json()).toEqual({ results: products.map((product) => ({ product_id: product.id, ok: true })) });
    expect(ozon.moderation.requests.slice(requests).map((request) => request.path)).toEqual(['/v1/product/archive']);
    for (const product of products) expect((await market(product.id)).market_state).toBe('archived');
    const many = Array.from({ length: 101 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    const refused = await api('POST', '/api/products/bulk', { action: 'market_unarchive', product_ids: many });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_PRODUCTS', detail: expect.stringContaining('最多对 100 个商品') });
  });

  it('deletes an archived card without an SKU; unarchiving past the daily limit is a Chinese 409', async () => {
    ozon.moderation.plan.moderationMs = 60_000;
    const product = await insertPublishable(t);
    await publish(product.id);
    await until(product.id, (body) => body.market_state === 'moderating');
    expect((await api('POST', `/api/products/${product.id}/market/delete`)).json()).toMatchObject({ code: 'MARKET_DELETE_NOT_ARCHIVED' });
    expect((await api('POST', `/api/products/${product.id}/market/archive`)).statusCode).toBe(200);
    const deleted = await api('POST', `/api/products/${product.id}/market/delete`);
    expect(deleted.statusCode).toBe(200);
    expect(ozon.moderation.isDeleted(product.offer_id)).toBe(true);

    const auto = await insertPublishable(t);
    await publish(auto.id);
    ozon.moderation.autoArchive(auto.offer_id);
    await until(auto.id, (body) => body.market_state === 'archived');
    ozon.moderation.useRestores(10);
    const limited = await api('POST', `/api/products/${auto.id}/market/unarchive`);
    expect(limited.statusCode).toBe(409);
    expect(limited.json()).toMatchObject({ code: 'UNARCHIVE_LIMIT_REACHED', detail: expect.stringContaining('每天最多恢复 10 个') });
    expect(ozon.moderation.isArchived(auto.offer_id)).toBe(true);

    const bad = await api('POST', `/api/products/${auto.id}/market/explode`);
    expect(bad.statusCode).toBe(422);
    const missing = await api('POST', '/api/products/00000000-0000-4000-8000-000000000000/market/archive');
    expect(missing.statusCode).toBe(404);
  });
});
