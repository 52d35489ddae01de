import { describe, expect, it } from 'vitest';
import { nextPriceSendAt } from '../../../src/domain/publishing/price-send-limit.ts';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { publishKit } from './publish-kit.ts';

const MINUTE = 60_000;

/** A product published through an active shop, its card imported. */
async function publishedProduct() {
  const kit = publishKit();
  kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
  const shop = await kit.shopIn();
  const given = await kit.givenProduct();
  await kit.publishProduct({ productId: given.id, shopId: shop.id });
  kit.clock.advance(1_000);
  await kit.pollPublishTasks();
  return { kit, shop, given };
}
const HOUR = 60 * MINUTE;

describe('at most 10 price sends per offer an hour (docs/decisions.md, Price rules and quotas)', () => {
  it('nextPriceSendAt: now under the limit, else when the oldest of the last ten leaves the hour', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
    const nine = Array.from({ length: 9 }, (_, n) => at(n));
    expect(nextPriceSendAt(nine, at(30))).toBe(at(30));
    expect(nextPriceSendAt([...nine, at(20)], at(30))).toBe(at(60));
    // Eleven sends in the hour: the tenth most recent (minute 1) decides.
    expect(nextPriceSendAt([at(0), ...nine.map((_, n) => at(n + 1)), at(25)], at(59))).toBe(at(61));
    expect(nextPriceSendAt([...nine, at(20)], at(61))).toBe(at(61));
    expect(nextPriceSendAt([at(0), at(1)], at(2), { perWindow: 2, windowMs: 5 * MINUTE })).toBe(at(5));
  });

  it('an 11th price change within the hour waits; a 12th joins it; the newest price goes out when the hour allows', async () => {
    const { kit, shop, given } = await publishedProduct();
    const firstPriceAt = kit.clock.now().getTime() + MINUTE;
    const reprice = async (price: number) => {
      const product = (await kit.products.findById(given.id))!;
      const pricing: Product['pricing'] = { ...product.pricing, result: { price_rub: price, old_price_rub: price * 2, fx_rate: 11.5 } };
      await kit.products.update({ ...product, pricing, version: product.version + 1 }, product.version);
      return kit.publishProduct({ productId: given.id, shopId: shop.id });
    };
    for (let n = 1; n <= 10; n += 1) {
      kit.clock.advance(MINUTE);
      expect(await reprice(600 + n)).toMatchObject({ operation: 'prices', status: 'imported' });
    }
    kit.clock.advance(MINUTE);
    const waiting = await reprice(611);
    expect(waiting).toMatchObject({ operation: 'prices', status: 'waiting_quota', next_poll_at: new Date(firstPriceAt + HOUR).toISOString() });
    expect(kit.marketplace.prices.map((price) => price.price)).toEqual(Array.from({ length: 10 }, (_, n) => String(601 + n)));

    // A later change is not refused as in progress: it joins the waiting record, and nothing more is sent now.
    kit.clock.advance(MINUTE);
    expect(await reprice(612)).toEqual(waiting);
    const { total } = await kit.publishTasks.listByProduct(given.id, { page: 1, pageSize: 50 });
    expect(total).toBe(1 + 10 + 1);
    const many = await kit.publishMany({ shopId: shop.id, productIds: [given.id] });
    expect(many).toEqual({ tasks: [], waiting: [given.id], settling: [], refused: [], products: [{ product_id: given.id, existing: false }] });
    await kit.pollPublishTasks();
    expect(kit.marketplace.prices).toHaveLength(10);

    // When the hour allows, the background sender sends the product as it is: the newest price wins, once.
    kit.clock.advance(firstPriceAt + HOUR - kit.clock.now().getTime());
    await kit.pollPublishTasks();
    expect(kit.marketplace.prices.map((price) => price.price).slice(10)).toEqual(['612']);
    expect(await kit.publishTasks.findById(waiting.id)).toMatchObject({
      status: 'imported',
      next_poll_at: null,
      card: expect.objectContaining({ price: 612 }),
    });
    kit.clock.advance(MINUTE);
    await kit.pollPublishTasks();
    expect(kit.marketplace.prices).toHaveLength(11);
  });

  it('a price the marketplace refused still counts: it went out', async () => {
    const { kit, shop, given } = await publishedProduct();
    const product = (await kit.products.findById(given.id))!;
    // Another tool changed this offer's price ten times this hour: the marketplace refuses the 11th, and it counts.
    for (let n = 0; n < 10; n += 1)
      await kit.marketplace.importPrices({ clientId: '123456', apiKey: '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d' }, [
        { offer_id: 'BOX-1', price: 700 + n, old_price: null, currency: 'RUB', vat: '0' },
      ]);
    await kit.products.update(
      { ...product, pricing: { ...product.pricing, result: { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 } }, version: product.version + 1 },
      product.version,
    );
    const refused = await kit.publishProduct({ productId: given.id, shopId: shop.id });
    expect(refused).toMatchObject({
      status: 'failed',
      errors: [expect.objectContaining({ code: 'TOO_MANY_REQUESTS' })],
      card: expect.objectContaining({ price: 650 }),
    });
    expect((await kit.publishTasks.priceSendsSince(shop.id, ['BOX-1'], new Date(0).toISOString())).get('BOX-1')).toHaveLength(1);
  });

  it('with the policy’s minimum price, the import goes without it and a price update follows once the card is imported', async () => {
    const kit = publishKit({ minPricePercent: 80 });
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    const shop = await kit.shopIn();
    const given = await kit.givenProduct();
    const imported = await kit.publishProduct({ productId: given.id, shopId: shop.id });
    expect(kit.sentItems(imported.task_id)[0]).not.toHaveProperty('min_price');
    expect(imported.card).not.toHaveProperty('min_price');
    kit.clock.advance(1_000);
    // The import is imported: a price update is queued, due now, and the same pass sends it.
    await kit.pollPublishTasks();
    expect(kit.marketplace.prices).toEqual([expect.objectContaining({ offer_id: 'BOX-1', price: '593', min_price: '475' })]);
    const { items } = await kit.publishTasks.listByProduct(given.id, { page: 1, pageSize: 10 });
    expect(items.map((record) => [record.operation, record.status])).toEqual([
      ['prices', 'imported'],
      ['import', 'imported'],
    ]);
    // Nothing changed since: publishing again is a full import of the same card (the contract's rule), with no follow-up loop.
    expect(await kit.publishProduct({ productId: given.id, shopId: shop.id })).toMatchObject({ operation: 'import' });
  });

  it('without a minimum price in the policy, no price update follows an import', async () => {
    const { kit, given } = await publishedProduct();
    await kit.pollPublishTasks();
    expect(kit.marketplace.prices).toEqual([]);
    expect((await kit.publishTasks.listByProduct(given.id, { page: 1, pageSize: 10 })).total).toBe(1);
  });
});
