import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '../../../src/application/publishing/send-waiting.ts';
import { RESEND_DELAY_MS } from '../../../src/application/publishing/send-publications.ts';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { type PublishTask } from '../../../src/domain/publishing/publish-task.ts';
import { recordShopTest } from '../../../src/domain/shops/shop.ts';
import { type PublishKit, publishKit } from './publish-kit.ts';

const RESET = '2026-11-26T00:00:00.000Z';
const NEXT_RESET = '2026-11-27T00:00:00.000Z';
const createsLeft = (left: number, reset = RESET) => ({
  daily_create: { limit: left, usage: 0, reset_at: reset },
  daily_update: { limit: -1, usage: 0, reset_at: reset },
  total: { limit: -1, usage: 0 },
});
const imports = (kit: PublishKit) => kit.marketplace.calls.filter((call) => call === 'importProducts').length;
const outcome = (records: readonly PublishTask[]) => records.map((record) => [record.offer_id, record.status, record.errors.map((error) => error.code)]);

/** Products published through a shop out of creates, so their records wait for the reset; then the quota is back and the clock at the reset. */
async function waiting(given: (kit: PublishKit) => Promise<Product[]>) {
  const kit = publishKit();
  kit.marketplace.limits = createsLeft(0);
  const shop = await kit.shopIn();
  const products = await given(kit);
  for (const product of products) await kit.publishProduct({ productId: product.id, shopId: shop.id });
  kit.marketplace.limits = createsLeft(-1, NEXT_RESET);
  kit.clock.advance(Date.parse(RESET) - kit.clock.now().getTime());
  const due = () => kit.publishTasks.listDue(kit.clock.iso(), 500, ['waiting_quota']);
  return { kit, shop, products, due };
}

describe('send waiting (the background half of the quota wait)', () => {
  it('the poller sends waiting records once due, in one import, each then pending with its task', async () => {
    const { kit, products } = await waiting(async (k) => [await k.givenProduct(1), await k.givenVariants(2, [true, false, true])]);
    expect(imports(kit)).toBe(0);
    kit.clock.advance(-1);
    await kit.pollPublishTasks();
    expect(imports(kit)).toBe(0);
    kit.clock.advance(1);
    await kit.pollPublishTasks();
    expect(imports(kit)).toBe(1);
    const records = await kit.publishTasks.listDue('2100-01-01T00:00:00.000Z', 10);
    expect(records.map((record) => record.status)).toEqual(['pending', 'pending', 'pending']);
    expect(new Set(records.map((record) => record.task_id)).size).toBe(1);
    expect(kit.sentItems(records[0]!.task_id).map((item) => item.offer_id)).toEqual(['BOX-1', 'MUG-2-1', 'MUG-2-3']);
    expect((await kit.products.findById(products[1]!.id))?.variants.map((variant) => variant.status)).toEqual(['pending', 'draft', 'pending']);
    // The background sender's import is audited like a request's: one entry for the one send.
    expect(await kit.sentAudit()).toEqual([`BOX-1, MUG-2-1, MUG-2-3 → shop ${records[0]!.shop_id} (task ${records[0]!.task_id})`]);
  });

  it('leaves records another sender claimed until its lease lapses', async () => {
    const { kit, due } = await waiting(async (k) => [await k.givenProduct(1)]);
    const records = await due();
    const lease = new Date(kit.clock.now().getTime() + CLAIM_LEASE_MS).toISOString();
    expect(await kit.publishTasks.claimWaiting([records[0]!.id], kit.clock.iso(), lease, 'another sender')).toEqual([records[0]!.id]);
    expect(await kit.sendWaiting(records)).toEqual([]);
    expect(imports(kit)).toBe(0);
    kit.clock.advance(CLAIM_LEASE_MS);
    expect(outcome(await kit.sendWaiting(await due()))).toEqual([['BOX-1', 'pending', []]]);
  });

  it('checks each product again as it is now, failing the ones that no longer pass with the reasons', async () => {
    const { kit, products, due } = await waiting(async (k) => [
      await k.givenProduct(1),
      await k.givenProduct(2),
      await k.givenProduct(3),
      await k.givenVariants(4),
    ]);
    const [kept, gone, changed] = products as [Product, Product, Product, Product];
    await kit.products.delete(gone.id);
    expect(await kit.products.update({ ...changed, name: 'Коробка 收纳', version: changed.version + 1 }, changed.version)).toBe(true);
    const mug = (await kit.products.findById(products[3]!.id))!;
    const variants = mug.variants.map((variant, index) => (index === 1 ? { ...variant, enabled: false } : variant));
    expect(await kit.products.update({ ...mug, variants, version: mug.version + 1 }, mug.version)).toBe(true);
    const results = await kit.sendWaiting(await due());
    expect(outcome(results)).toEqual([
      ['BOX-2', 'failed', ['PRODUCT_NOT_FOUND']],
      ['BOX-3', 'failed', ['PUBLISH_CHECK_FAILED']],
      ['MUG-4-2', 'failed', ['VARIANT_NOT_PUBLISHABLE']],
      ['BOX-1', 'pending', []],
      ['MUG-4-1', 'pending', []],
      ['MUG-4-3', 'pending', []],
    ]);
    expect(results[1]!.errors[0]).toMatchObject({ field: 'name' });
    expect(kit.sentItems(results[3]!.task_id).map((item) => item.offer_id)).toEqual(['BOX-1', 'MUG-4-1', 'MUG-4-3']);
    expect(outcome(await Promise.all(results.map(async (record) => (await kit.publishTasks.findById(record.id))!)))).toEqual(outcome(results));
    expect(kept.id).toBe(results[3]!.product_id);
  });

  it('fails the records of a shop that was deleted or whose key no longer passes, sending nothing', async () => {
    const { kit, shop, due } = await waiting(async (k) => [await k.givenProduct(1)]);
    await kit.shops.update(recordShopTest(shop, { ok: false, reason: 'INVALID_API_KEY', detail: '' }, kit.clock.iso()));
    expect(outcome(await kit.sendWaiting(await due()))).toEqual([['BOX-1', 'failed', ['SHOP_NOT_ACTIVE']]]);
    const other = await waiting(async (k) => [await k.givenProduct(1)]);
    await other.kit.shops.delete(other.shop.id);
    expect(outcome(await other.kit.sendWaiting(await other.due()))).toEqual([['BOX-1', 'failed', ['SHOP_NOT_FOUND']]]);
    expect(imports(kit) + imports(other.kit)).toBe(0);
  });

  it('keeps the records waiting when the marketplace is down or the quota is still used up', async () => {
    const { kit, due } = await waiting(async (k) => [await k.givenProduct(1)]);
    kit.marketplace.down = true;
    const [retry] = await kit.sendWaiting(await due());
    expect(retry).toMatchObject({ status: 'waiting_quota', next_poll_at: new Date(kit.clock.now().getTime() + RESEND_DELAY_MS).toISOString(), attempts: 2 });
    expect(await kit.publishTasks.findById(retry!.id)).toEqual(retry);
    kit.marketplace.down = false;
    kit.marketplace.limits = createsLeft(0, NEXT_RESET);
    kit.clock.advance(RESEND_DELAY_MS);
    expect(await kit.sendWaiting(await due())).toMatchObject([{ status: 'waiting_quota', next_poll_at: NEXT_RESET, attempts: 3 }]);
    expect(imports(kit)).toBe(0);
  });
});
