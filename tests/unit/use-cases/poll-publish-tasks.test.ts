import { describe, expect, it } from 'vitest';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { type PublishKit, LEASE_MS, publishKit } from './publish-kit.ts';

const polls = (kit: PublishKit) => kit.marketplace.calls.filter((call) => call === 'importInfo').length;
const later = (kit: PublishKit, ms: number) => new Date(kit.clock.now().getTime() + ms).toISOString();

/** A kit with an active shop and one published-to-be product, sent and awaiting its first poll (due in 1 s). */
async function sent(plan: PublishKit['marketplace']['plan'], product?: (kit: PublishKit) => Promise<Product>) {
  const kit = publishKit();
  kit.marketplace.plan = plan;
  const shop = await kit.shopIn();
  const given = await (product ?? ((k) => k.givenProduct()))(kit);
  const record = await kit.publishProduct({ productId: given.id, shopId: shop.id });
  return { kit, shop, product: given, record };
}

describe('poll publish tasks', () => {
  it('stopping mid-pass hands back the tasks claimed and not polled: due now, not when the lease lapses', async () => {
    const kit = publishKit();
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    const shop = await kit.shopIn();
    const first = await kit.publishProduct({ productId: (await kit.givenProduct(1)).id, shopId: shop.id });
    const second = await kit.publishProduct({ productId: (await kit.givenProduct(2)).id, shopId: shop.id });
    kit.clock.advance(1_000);
    let asked = 0;
    // Asked before each task: the first is polled, then the service stops.
    expect(await kit.pollPublishTasks(() => ++asked > 1)).toBe(false);
    expect(polls(kit)).toBe(1);
    const [a, b] = [await kit.publishTasks.findById(first.id), await kit.publishTasks.findById(second.id)];
    const [polled, handedBack] = a?.status === 'imported' ? [a, b] : [b, a];
    expect(polled).toMatchObject({ status: 'imported' });
    expect(handedBack).toMatchObject({ status: 'pending', next_poll_at: kit.clock.iso() });
    // Another instance at the same instant, far inside the lease: it takes the task.
    expect((await kit.publishTasks.claimPolls(kit.clock.iso(), later(kit, LEASE_MS), 10)).map((record) => record.id)).toEqual([handedBack!.id]);
  });

  it('writes an imported result back once due: the record imported, the product published with its marketplace id', async () => {
    const { kit, product, record } = await sent({ pendingPolls: 0, outcome: 'imported' });
    expect(await kit.pollPublishTasks()).toBe(false);
    expect(polls(kit)).toBe(0);
    kit.clock.advance(1_000);
    expect(await kit.pollPublishTasks()).toBe(false);
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({
      status: 'imported',
      marketplace_product_id: '880000001',
      next_poll_at: null,
      attempts: 1,
    });
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'published', marketplace_product_id: '880000001', published_at: kit.clock.iso() });
  });

  it('asks again after the back-off while the marketplace says pending', async () => {
    const { kit, product, record } = await sent({ pendingPolls: 1, outcome: 'imported' });
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({ status: 'pending', attempts: 1, next_poll_at: later(kit, 2_000) });
    expect((await kit.products.findById(product.id))?.stage).toBe('ready');
    await kit.pollPublishTasks();
    expect(polls(kit)).toBe(1);
    kit.clock.advance(2_000);
    await kit.pollPublishTasks();
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({ status: 'imported', attempts: 2 });
  });

  it("keeps a failed result's marketplace errors on the record; the product stays ready", async () => {
    const { kit, product, record } = await sent({ pendingPolls: 0, outcome: 'failed' });
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({
      status: 'failed',
      next_poll_at: null,
      errors: [{ level: 'error', attribute_id: 85, attribute_name: 'Бренд' }],
    });
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'ready', marketplace_product_id: null });
  });

  it('lets a product moved on meanwhile keep its stage, learning its marketplace id', async () => {
    const { kit, product } = await sent({ pendingPolls: 0, outcome: 'imported' });
    await kit.products.update({ ...product, stage: 'editing', version: product.version + 1 }, product.version);
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'editing', marketplace_product_id: '880000001' });
  });

  it('postpones a poll that failed with back-off and reports it; the result arrives on a later poll', async () => {
    const { kit, product, record } = await sent({ pendingPolls: 0, outcome: 'imported' });
    kit.clock.advance(1_000);
    kit.marketplace.down = true;
    await kit.pollPublishTasks();
    expect(kit.pollErrors).toEqual([{ taskId: record.task_id, error: expect.objectContaining({ code: 'MARKETPLACE_UNREACHABLE' }) }]);
    expect(await kit.publishTasks.findById(record.id)).toMatchObject({ status: 'pending', attempts: 1, next_poll_at: later(kit, 2_000) });
    expect((await kit.products.findById(product.id))?.stage).toBe('ready');
    kit.marketplace.down = false;
    kit.clock.advance(2_000);
    await kit.pollPublishTasks();
    expect((await kit.publishTasks.findById(record.id))?.status).toBe('imported');
  });

  it('leaves a task another poller holds until its lease lapses (that poller died)', async () => {
    const { kit, record } = await sent({ pendingPolls: 0, outcome: 'imported' });
    kit.clock.advance(1_000);
    expect(await kit.publishTasks.claimPolls(kit.clock.iso(), later(kit, LEASE_MS), 10)).toHaveLength(1);
    await kit.pollPublishTasks();
    expect(polls(kit)).toBe(0);
    kit.clock.advance(LEASE_MS + 1);
    await kit.pollPublishTasks();
    expect((await kit.publishTasks.findById(record.id))?.status).toBe('imported');
  });

  it('polls at most 10 tasks a pass and says when more may be due', async () => {
    const kit = publishKit();
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    const shop = await kit.shopIn();
    for (let n = 1; n <= 11; n++) await kit.publishProduct({ productId: (await kit.givenProduct(n)).id, shopId: shop.id });
    kit.clock.advance(1_000);
    expect(await kit.pollPublishTasks()).toBe(true);
    expect(polls(kit)).toBe(10);
    expect(await kit.pollPublishTasks()).toBe(false);
    expect(polls(kit)).toBe(11);
    expect((await kit.publishTasks.listDue(later(kit, 3_600_000), 20)).length).toBe(0);
  });

  it("writes each colour's result onto its variant; the product is published once one was imported", async () => {
    const { kit, product } = await sent({ pendingPolls: 0, outcome: 'imported', declinedOffers: ['MUG-1-2'] }, (k) => k.givenVariants());
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    const stored = (await kit.products.findById(product.id))!;
    expect(stored.variants.map((variant) => [variant.status, variant.marketplace_product_id])).toEqual([
      ['imported', '880000001'],
      ['failed', null],
      ['imported', '880000003'],
    ]);
    expect(stored.variants[1]!.errors).toMatchObject([{ attribute_id: 10096 }]);
    expect(stored).toMatchObject({ stage: 'published', marketplace_product_id: '880000001' });
  });
});
