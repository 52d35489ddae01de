import { expect, it as base } from 'vitest';
import { type PublishTaskRepository } from '../../src/application/ports/publish-task-repository.ts';
import { type PublishCard } from '../../src/domain/publishing/publish-card.ts';
import { type PublishTask, newPublishTask, newWaitingRecord } from '../../src/domain/publishing/publish-task.ts';

/** Two repositories on one fresh database (two connection pools, as two processes). */
export type PublishTaskStores = { readonly tasks: PublishTaskRepository; readonly other: PublishTaskRepository };
export type PublishTaskAdapter = { readonly name: string; open(): Promise<PublishTaskStores & { dispose(): Promise<void> }> };

export const publishTasksTest = (adapter: PublishTaskAdapter) =>
  base.extend<{ stores: PublishTaskStores }>({
    stores: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened);
      } finally {
        await opened.dispose();
      }
    },
  });
export type PublishTasksIt = ReturnType<typeof publishTasksTest>;

export const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();
/** Record `n`: sent as marketplace task 17230000nn of product p1 through shop s1, made at minute `n`. */
export const taskNo = (n: number, fields: Partial<PublishTask> = {}): PublishTask => ({
  ...newPublishTask({ task_id: String(1_723_000_000 + n), product_id: 'p1', shop_id: 's1', offer_id: `OFFER-${n}` }, at(n)),
  ...fields,
});
const card = (offerId: string): PublishCard =>
  ({ offer_id: offerId, name: 'Коробка', price: 593, images: ['https://cdn.example/1.jpg'] }) as unknown as PublishCard;
const done = { next_poll_at: null } as const;

/** What every PublishTaskRepository guarantees about storing and reading records (the claims are in publish-task-claims.contract.ts). */
export function testPublishTaskRepositoryContract(it: PublishTasksIt): void {
  it('stores and reads a record with its errors and card; an id is stored once', async ({ stores: { tasks } }) => {
    const record = taskNo(1, {
      status: 'failed',
      ...done,
      card: card('OFFER-1'),
      errors: [
        { code: 'c', message: 'm', level: 'error', state: 's', description: 'Заполните', field: 'attribute', attribute_id: 85, attribute_name: 'Бренд' },
      ],
    });
    await tasks.insert(record);
    expect(await tasks.findById(record.id)).toEqual(record);
    expect(await tasks.findById('999')).toBeUndefined();
    await expect(tasks.insert(taskNo(2), record)).rejects.toThrow();
    expect(await tasks.findById(taskNo(2).id)).toBeUndefined();
  });

  it("lists a task's records in the order they were made and updates them, keeping when they were made", async ({ stores: { tasks, other } }) => {
    const shared = { task_id: 't-9' };
    await tasks.insert(taskNo(5, { ...shared, id: 'b' }), taskNo(3, { ...shared, id: 'c' }), taskNo(3, { ...shared, id: 'a' }), taskNo(4));
    expect((await tasks.listByTask('t-9')).map((record) => record.id)).toEqual(['a', 'c', 'b']);
    expect(await tasks.listByTask('t-0')).toEqual([]);
    const polled = {
      ...(await tasks.findById('a'))!,
      status: 'imported' as const,
      ...done,
      attempts: 2,
      marketplace_product_id: '880000001',
      updated_at: at(20),
    };
    await other.update({ ...polled, created_at: at(59) }, { ...taskNo(7), id: 'never-stored' });
    expect(await tasks.findById('a')).toEqual(polled);
    expect(await tasks.findById('never-stored')).toBeUndefined();
    await tasks.update();
  });

  it('removes records that were never sent, only those named and still held by the remover', async ({ stores: { tasks, other } }) => {
    const waiting = (id: string) => newWaitingRecord({ id, product_id: 'p1', shop_id: 's1', offer_id: id }, at(10), at(0));
    await tasks.insertHeld('request', [waiting('w1'), waiting('w2'), waiting('w3'), waiting('w4')]);
    expect(await other.claimWaiting(['w4'], at(10), at(12), 'sender')).toEqual(['w4']);
    await tasks.removeHeld('request', ['w1', 'w3', 'w4', 'unknown']);
    await tasks.removeHeld('request', []);
    await other.removeHeld('someone else', ['w2']);
    expect(await tasks.listDue(at(30), 10)).toEqual([waiting('w2'), { ...waiting('w4'), next_poll_at: at(12) }]);
  });

  it('lists due records of the asked statuses soonest first, and knows the next poll', async ({ stores: { tasks } }) => {
    expect(await tasks.nextPollAt()).toBeUndefined();
    await tasks.insert(taskNo(21, { next_poll_at: at(40) }), taskNo(22, { next_poll_at: at(30) }), taskNo(23, { next_poll_at: at(50) }));
    await tasks.insert(
      taskNo(24, { status: 'imported', ...done }),
      newWaitingRecord({ id: 'w', product_id: 'p2', shop_id: 's1', offer_id: 'W' }, at(35), at(0)),
    );
    expect(await tasks.nextPollAt()).toBe(at(30));
    expect((await tasks.listDue(at(45), 10)).map((t) => t.id)).toEqual(['1723000022', 'w', '1723000021']);
    expect((await tasks.listDue(at(45), 1)).map((t) => t.id)).toEqual(['1723000022']);
    expect((await tasks.listDue(at(45), 10, ['waiting_quota'])).map((t) => t.id)).toEqual(['w']);
    expect((await tasks.listDue(at(40), 10, ['pending'])).map((t) => t.id)).toEqual(['1723000022', '1723000021']);
    await tasks.update({ ...(await tasks.findById('1723000022'))!, status: 'imported', ...done });
    expect(await tasks.nextPollAt()).toBe(at(35));
  });

  it("lists the queue in the order it goes, and takes out only a product's records no sender holds (issue 32 item 7)", async ({ stores: { tasks, other } }) => {
    const waiting = (id: string, productId: string, sendAt: string, made: string, fields: Partial<PublishTask> = {}): PublishTask => ({
      ...newWaitingRecord({ id, product_id: productId, shop_id: 's1', offer_id: id.toUpperCase() }, sendAt, made),
      ...fields,
    });
    await tasks.insert(
      waiting('q3', 'p3', at(50), at(1)),
      waiting('q1', 'p1', at(40), at(2)),
      waiting('q2a', 'p2', at(45), at(3), { variant_id: 'v1' }),
      waiting('q2b', 'p2', at(45), at(4), { variant_id: 'v2' }),
      waiting('q4', 'p4', at(41), at(5), { send_started_at: at(5) }),
      taskNo(6),
    );
    expect((await other.listQueue()).map((record) => record.id)).toEqual(['q1', 'q4', 'q2a', 'q2b', 'q3']);
    const withdrawn = {
      errors: [{ code: 'WITHDRAWN', message: '移出', level: 'error', state: '', description: '移出', field: '', attribute_id: 0, attribute_name: '' }],
      at: at(30),
    };
    // Both colours of p2 go together; q1 is due before the window (a sender may hold it); q4 may have reached the marketplace.
    expect((await tasks.withdrawWaiting('p2', at(42), withdrawn)).map((record) => [record.id, record.status, record.next_poll_at])).toEqual([
      ['q2a', 'failed', null],
      ['q2b', 'failed', null],
    ]);
    expect((await other.findById('q2b'))?.errors).toEqual(withdrawn.errors);
    expect(await tasks.withdrawWaiting('p1', at(42), withdrawn)).toEqual([]);
    expect(await tasks.withdrawWaiting('p4', at(30), withdrawn)).toEqual([]);
    expect(await tasks.withdrawWaiting('p2', at(42), withdrawn)).toEqual([]);
    expect((await tasks.listQueue()).map((record) => record.id)).toEqual(['q1', 'q4', 'q3']);
    // A sender that held the withdrawn records before writes nothing for them any more.
    expect(await tasks.heldBy('someone', ['q2a'])).toEqual(new Set());
  });

  it('knows which shops and products have open records, and pages a history newest first', async ({ stores: { tasks } }) => {
    await tasks.insert(
      taskNo(31, { status: 'imported', ...done, product_id: 'p9', shop_id: 's9' }),
      taskNo(33, { status: 'failed', ...done, product_id: 'p8' }),
    );
    expect([await tasks.hasPendingForShop('s9'), await tasks.hasPendingForProduct('p9')]).toEqual([false, false]);
    expect(await tasks.openProductIds(['p8', 'p9'])).toEqual(new Set());
    await tasks.insert(
      taskNo(32, { product_id: 'p9', shop_id: 's9' }),
      newWaitingRecord({ id: 'w', product_id: 'p7', shop_id: 's7', offer_id: 'W' }, at(50), at(0)),
    );
    expect([await tasks.hasPendingForShop('s9'), await tasks.hasPendingForProduct('p9'), await tasks.hasPendingForShop('other')]).toEqual([true, true, false]);
    expect([await tasks.hasPendingForShop('s7'), await tasks.hasPendingForProduct('p7')]).toEqual([true, true]);
    expect(await tasks.openProductIds(['p7', 'p8', 'p9', 'p0'])).toEqual(new Set(['p7', 'p9']));
    expect(await tasks.openProductIds([])).toEqual(new Set());
    const first = await tasks.listByProduct('p9', { page: 1, pageSize: 1 });
    expect([first.total, first.items.map((t) => t.id)]).toEqual([2, ['1723000032']]);
    expect((await tasks.listByProduct('p9', { page: 2, pageSize: 1 })).items.map((t) => t.id)).toEqual(['1723000031']);
    expect(await tasks.listByProduct('p0', { page: 1, pageSize: 10 })).toEqual({ total: 0, items: [] });
  });

  it('finds the newest card a product, or one of its variants, left in a shop', async ({ stores: { tasks } }) => {
    const sent = (n: number, fields: Partial<PublishTask>) =>
      taskNo(n, { status: 'imported', ...done, card: card(`OFFER-${n}`), updated_at: at(n + 10), ...fields });
    expect(await tasks.lastCard('p1', 's1')).toBeUndefined();
    await tasks.insert(
      sent(41, {}),
      sent(42, { status: 'skipped' }),
      sent(43, { status: 'failed' }),
      sent(44, { status: 'pending', next_poll_at: at(50) }),
      sent(45, { card: null }),
      sent(46, { shop_id: 's2' }),
      sent(47, { variant_id: 'v1' }),
      sent(48, { variant_id: 'v2', updated_at: at(0) }),
      // Written in one instant: the later made (greater id) is the newer card.
      sent(50, { variant_id: 'v4', updated_at: at(60) }),
      sent(49, { variant_id: 'v4', updated_at: at(60) }),
    );
    expect((await tasks.lastCard('p1', 's1', 'v4'))?.id).toBe('1723000050');
    expect((await tasks.lastCard('p1', 's1'))?.id).toBe('1723000042');
    expect((await tasks.lastCard('p1', 's1', null))?.card).toEqual(card('OFFER-42'));
    expect((await tasks.lastCard('p1', 's2'))?.id).toBe('1723000046');
    expect((await tasks.lastCard('p1', 's1', 'v1'))?.id).toBe('1723000047');
    expect((await tasks.lastCard('p1', 's1', 'v2'))?.id).toBe('1723000048');
    expect(await tasks.lastCard('p1', 's1', 'v3')).toBeUndefined();
    expect(await tasks.lastCard('p2', 's1')).toBeUndefined();
  });
  it('answers when each offer’s price went out in a shop since a time: answered price records only', async ({ stores: { tasks } }) => {
    const price = (n: number, fields: Partial<PublishTask>) =>
      taskNo(n, { task_id: null, operation: 'prices', status: 'imported', ...done, offer_id: 'A', card: card('A'), updated_at: at(n), ...fields });
    await tasks.insert(
      price(51, {}),
      price(52, { status: 'failed' }), // refused by the marketplace: it went out all the same
      price(53, { offer_id: 'B' }),
      price(54, { status: 'failed', card: null }), // refused by our checks: never sent
      price(55, { status: 'waiting_quota', card: null, next_poll_at: at(58) }),
      price(56, { operation: 'import', task_id: '1723000056' }),
      price(57, { shop_id: 's2' }),
      price(40, {}), // before `since`
    );
    const sends = await tasks.priceSendsSince('s1', ['A', 'B', 'C'], at(45));
    expect(Object.fromEntries([...sends].map(([offer, times]) => [offer, [...times].sort()]))).toEqual({ A: [at(51), at(52)], B: [at(53)] });
    expect(await tasks.priceSendsSince('s1', [], at(0))).toEqual(new Map());
  });
}
