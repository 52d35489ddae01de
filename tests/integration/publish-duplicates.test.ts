import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { GOOD_KEY, insertPublishable, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE, publishableProduct } from '../helpers/publishable-product.ts';

/**
 * Duplicates (issue 31, docs/decisions.md, Duplicates): an offer the shop already has goes as an update of that card and
 * the answer says `existing: true`; a model name (9048) shared with another product is a pre-flight warning naming it.
 */
describe('publishing an offer the shop already has, and a shared model name', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
    shop.ozon.plan = { pendingPolls: 0, outcome: 'imported' };
  });
  afterAll(async () => shop?.close());

  const api = (method: 'POST', url: string, payload: object) => shop.t.app.inject({ method, url, headers: shop.t.auth, payload });

  /** A card made on the marketplace outside the service (by hand, or another tool) under `offerId`. */
  const cardMadeElsewhere = async (offerId: string): Promise<string> => {
    const marketplace = makeOzonMarketplace({ baseUrl: shop.ozon.url });
    const product = publishableProduct({ offer_id: offerId });
    const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [product.primary_image!] });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    const credentials = { clientId: '123456', apiKey: GOOD_KEY };
    const { taskId } = await marketplace.importProducts(credentials, [prepared.items[0]!.item]);
    await marketplace.importInfo(credentials, taskId);
    return String(shop.ozon.tasks.get(Number(taskId))!.productIds[0]);
  };

  it('sends an offer the shop already has as an update of that card, and says existing: true', async () => {
    const product = await insertPublishable(shop.t);
    const cardId = await cardMadeElsewhere(product.offer_id);
    const before = { ...shop.ozon.limits.daily_create },
      updates = shop.ozon.limits.daily_update.usage;
    const response = await api('POST', `/api/products/${product.id}/publish`, { shop_id: shop.shopId });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ product_id: product.id, existing: true, marketplace_product_id: cardId });
    const final = await waitForFinalTask(shop.t, response.json<{ task_id: string }>().task_id);
    expect(final).toMatchObject({ status: 'imported', marketplace_product_id: cardId });
    // Counted by the marketplace as an update, not a new card.
    expect(shop.ozon.limits.daily_create.usage).toBe(before.usage);
    expect(shop.ozon.limits.daily_update.usage).toBe(updates + 1);
    expect((await shop.t.container.cradle.products.findById(product.id))?.marketplace_product_id).toBe(cardId);
  });

  it('bulk publish names each product with existing true or false, looking the offers up in one request', async () => {
    const [known, fresh] = [await insertPublishable(shop.t), await insertPublishable(shop.t)];
    await cardMadeElsewhere(known.offer_id);
    const lookups = shop.ozon.moderation.lookups.length;
    const response = await api('POST', '/api/publish', { shop_id: shop.shopId, product_ids: [known.id, fresh.id] });
    expect(response.statusCode).toBe(202);
    expect(response.json().products).toEqual([
      { product_id: known.id, existing: true },
      { product_id: fresh.id, existing: false },
    ]);
    expect(shop.ozon.moderation.lookups.slice(lookups)).toEqual([[known.offer_id, fresh.offer_id]]);
  });

  it('warns, without refusing, when another product uses the same model name (9048), naming it', async () => {
    const first = await insertPublishable(shop.t, { name: 'Коробка синяя' });
    const second = await insertPublishable(shop.t, { attributes: { ...first.attributes, '9048': first.offer_id } });
    const check = await api('POST', `/api/products/${second.id}/publish/check`, { shop_id: shop.shopId });
    expect(check.json()).toEqual({
      ok: true,
      errors: [],
      warnings: [{ path: 'attributes/9048', message: expect.stringContaining(`「Коробка синяя」（货号 ${first.offer_id}）`) }],
    });
    const alone = await api('POST', `/api/products/${(await insertPublishable(shop.t)).id}/publish/check`, { shop_id: shop.shopId });
    expect(alone.json()).toEqual({ ok: true, errors: [], warnings: [] });
  });
});
