import { describe, expect, it } from 'vitest';
import { type PublishStatus, type PublishTask, newPublishTask } from '../../../src/domain/publishing/publish-task.ts';
import { publishKit } from './publish-kit.ts';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
/** A record of product `n` in marketplace task `taskId`, in a status, last written at `minute`. */
const record = (taskId: string, n: number, status: PublishStatus, minute = n): PublishTask => ({
  ...newPublishTask({ id: `${taskId}-${n}`, task_id: taskId, product_id: `product-${n}`, shop_id: 'shop-active', offer_id: `BOX-${n}` }, at(n)),
  status,
  next_poll_at: status === 'pending' ? at(60) : null,
  updated_at: at(minute),
});

describe('get publish task', () => {
  it("answers the task as its products' records, with one status for all and the time of the last write", async () => {
    const kit = publishKit();
    await kit.publishTasks.insert(record('t1', 1, 'imported', 10), record('t1', 2, 'failed', 30), record('t1', 3, 'imported', 20));
    const view = await kit.getPublishTask('t1');
    expect(view.items.map((item) => item.id)).toEqual(['t1-1', 't1-2', 't1-3']);
    expect(view.task).toEqual({ ...record('t1', 1, 'imported'), status: 'failed', updated_at: at(30) });
  });

  it('says pending while any product is, and the status they share when they agree', async () => {
    const kit = publishKit();
    await kit.publishTasks.insert(record('t2', 1, 'failed'), record('t2', 2, 'pending'), record('t2', 3, 'imported'));
    await kit.publishTasks.insert(record('t3', 4, 'skipped'), record('t3', 5, 'skipped'));
    await kit.publishTasks.insert(record('t4', 6, 'imported'), record('t4', 7, 'skipped'));
    expect((await kit.getPublishTask('t2')).task.status).toBe('pending');
    expect((await kit.getPublishTask('t3')).task.status).toBe('skipped');
    expect((await kit.getPublishTask('t4')).task.status).toBe('imported');
  });

  it('reads storage only, never the marketplace, and answers 404 for an unknown task', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const sent = await kit.publishProduct({ productId: (await kit.givenProduct()).id, shopId: shop.id });
    const before = kit.marketplace.calls.length;
    expect((await kit.getPublishTask(sent.task_id!)).task).toEqual(sent);
    expect(kit.marketplace.calls.length).toBe(before);
    await expect(kit.getPublishTask('999')).rejects.toMatchObject({ kind: 'not_found', code: 'PUBLISH_TASK_NOT_FOUND' });
  });
});

describe('list publish history', () => {
  it("pages a product's publish attempts newest first, none of another product's", async () => {
    const kit = publishKit();
    const product = await kit.givenProduct(1);
    await kit.givenProduct(2);
    await kit.publishTasks.insert(record('t1', 1, 'failed'), record('t2', 2, 'imported'));
    await kit.publishTasks.insert({ ...record('t3', 1, 'imported'), created_at: at(40) }, { ...record('t4', 1, 'pending'), created_at: at(50) });
    const first = await kit.listPublishHistory({ productId: product.id, page: 1, pageSize: 2 });
    expect([first.total, first.items.map((item) => item.id)]).toEqual([3, ['t4-1', 't3-1']]);
    expect((await kit.listPublishHistory({ productId: product.id, page: 2, pageSize: 2 })).items.map((item) => item.id)).toEqual(['t1-1']);
  });

  it('answers 404 for an unknown product, even one with stray records', async () => {
    const kit = publishKit();
    await kit.publishTasks.insert(record('t1', 9, 'failed'));
    await expect(kit.listPublishHistory({ productId: 'product-9', page: 1, pageSize: 10 })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});
