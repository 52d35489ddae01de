import { describe, expect, it } from 'vitest';
import { REQUEST_GRACE_MS } from '../../../src/application/publishing/publication-dispatch.ts';
import { type PublishTask } from '../../../src/domain/publishing/publish-task.ts';
import { publishKit } from './publish-kit.ts';

const FAR = '2100-01-01T00:00:00.000Z';

describe('publication dispatch (shared by publish product, publish many and the pre-checks)', () => {
  it('records each card as waiting before sending it, so a crash mid-send leaves it to the background sender', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenVariants();
    const duringSend: PublishTask[][] = [];
    const importProducts = kit.marketplace.importProducts;
    kit.marketplace.importProducts = async (credentials, items) => {
      duringSend.push(await kit.publishTasks.listDue(FAR, 10));
      return importProducts(credentials, items);
    };
    await kit.publishProduct({ productId: product.id, shopId: shop.id });
    const grace = new Date(kit.clock.now().getTime() + REQUEST_GRACE_MS).toISOString();
    expect(duringSend).toHaveLength(1);
    expect(duringSend[0]!.map((record) => [record.offer_id, record.status, record.task_id, record.next_poll_at])).toEqual(
      ['MUG-1-1', 'MUG-1-2', 'MUG-1-3'].map((offer) => [offer, 'waiting_quota', null, grace]),
    );
    expect((await kit.publishTasks.listDue(FAR, 10)).map((record) => record.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('tells its listener every record a request sent or queued, once per request', async () => {
    const kit = publishKit();
    const reset_at = '2026-11-26T00:00:00.000Z';
    kit.marketplace.limits = {
      daily_create: { limit: 1, usage: 0, reset_at },
      daily_update: { limit: -1, usage: 0, reset_at },
      total: { limit: -1, usage: 0 },
    };
    const shop = await kit.shopIn();
    const [first, second] = [await kit.givenProduct(1), await kit.givenProduct(2)];
    await kit.publishMany({ shopId: shop.id, productIds: [first.id, second.id] });
    expect(kit.notified.map((records) => records.map((record) => [record.product_id, record.status]).sort())).toEqual([
      [
        [first.id, 'pending'],
        [second.id, 'waiting_quota'],
      ],
    ]);
    expect(kit.notified[0]).toEqual(await Promise.all(kit.notified[0]!.map(async (record) => kit.publishTasks.findById(record.id))));
  });

  it('judges each product in order, one candidate per id, without sending anything', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const ready = await kit.givenProduct(1);
    const draft = await kit.givenProduct(2, { stage: 'editing' });
    const candidates = await kit.publicationDispatch.evaluateMany([draft.id, 'nope', ready.id], shop);
    expect(
      candidates.map((candidate) =>
        candidate.ok ? candidate.entries.map((entry) => [entry.item.offer_id, entry.operation, entry.isNewCard]) : candidate.code,
      ),
    ).toEqual(['PRODUCT_NOT_READY', 'PRODUCT_NOT_FOUND', [['BOX-1', 'import', true]]]);
    expect(await kit.publicationDispatch.evaluate(undefined, shop)).toMatchObject({ ok: false, code: 'PRODUCT_NOT_FOUND' });
    expect(await kit.publicationDispatch.dispatch(shop, [])).toEqual([]);
    expect(kit.marketplace.calls).toEqual([]);
  });
});
