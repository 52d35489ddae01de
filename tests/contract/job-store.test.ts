import { describe, expect, it as base } from 'vitest';
import { makeKyselyJobStore } from '../../src/adapters/persistence/kysely-job-store.ts';
import { type JobStore } from '../../src/application/ports/job-store.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { makeInMemoryJobStore, type JobTable } from '../in-memory/in-memory-job-store.ts';

type Stores = { store: JobStore; other: JobStore };
type Adapter = { name: string; open(): Promise<Stores & { dispose(): Promise<void> }> };

const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      return { store: makeKyselyJobStore(first.db), other: makeKyselyJobStore(second.db), dispose };
    },
  })),
  {
    name: 'in-memory',
    async open() {
      const table: JobTable = new Map();
      return { store: makeInMemoryJobStore(table), other: makeInMemoryJobStore(table), dispose: async () => undefined };
    },
  },
];

const storesTest = (adapter: Adapter) =>
  base.extend<{ stores: Stores }>({
    stores: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened);
      } finally {
        await opened.dispose();
      }
    },
  });

const at = (second: number): string => new Date(Date.UTC(2026, 10, 25, 12, 0, second)).toISOString();

/** What every JobStore guarantees: items worked in order and counted once, one holder at a time, lapsed leases taken over. */
function testJobStoreContract(it: ReturnType<typeof storesTest>): void {
  it('stores a job with its items, works them in order, counts each outcome once and completes', async ({ stores: { store } }) => {
    await store.create({ id: 'j1', kind: 'copy', params: { model: 'm' }, subjects: [{ product_id: 'a' }, { product_id: 'b' }, { product_id: 'c' }] }, at(1));
    expect(await store.find('j1')).toMatchObject({
      id: 'j1',
      kind: 'copy',
      status: 'queued',
      params: { model: 'm' },
      total: 3,
      done: 0,
      failed: 0,
      created_at: at(1),
    });
    expect(await store.find('nope')).toBeUndefined();
    expect(await store.nextItem('j1')).toEqual({ seq: 0, subject: { product_id: 'a' } });
    await store.finishItem('j1', 0, { result: { suite_id: 's1' } }, at(2));
    await store.finishItem('j1', 0, { error: 'twice' }, at(3));
    await store.finishItem('j1', 1, { error: 'AI 超时' }, at(4));
    expect(await store.nextItem('j1')).toEqual({ seq: 2, subject: { product_id: 'c' } });
    await store.finishItem('j1', 2, { result: {} }, at(5));
    expect(await store.nextItem('j1')).toBeUndefined();
    await store.complete('j1', at(6));
    const done = await store.find('j1');
    expect(done).toMatchObject({ status: 'done', done: 2, failed: 1, updated_at: at(6) });
    expect(done!.items.map((item) => [item.status, item.result, item.error])).toEqual([
      ['done', { suite_id: 's1' }, null],
      ['failed', null, 'AI 超时'],
      ['done', {}, null],
    ]);
  });

  it('gives a job to one holder at a time, oldest first, and to another once the lease lapsed', async ({ stores: { store, other } }) => {
    await store.create({ id: 'j2', kind: 'suite', params: {}, subjects: [{ product_id: 'a' }] }, at(2));
    await store.create({ id: 'j1', kind: 'copy', params: {}, subjects: [{ product_id: 'b' }] }, at(1));
    // Two claimers at once never both get one job (on PostgreSQL the later one may get none and poll again).
    const racing = (await Promise.all([store.claim('w1', at(10), at(40)), other.claim('w2', at(10), at(40))])).map((claim) => claim?.id);
    expect(racing).toContain('j1');
    expect(new Set(racing).size).toBe(2);
    const holderOfJ1 = racing[0] === 'j1' ? 'w1' : 'w2';
    if (!racing.includes('j2')) expect(await other.claim('w2', at(10), at(40))).toMatchObject({ id: 'j2' });
    expect(await store.claim('w3', at(20), at(50))).toBeUndefined();
    expect(await store.renew('j1', 'w3', at(60))).toBe(false);
    expect(await store.renew('j1', holderOfJ1, at(60))).toBe(true);
    // Past second 40: j2's holder died; j1's renewed lease still holds.
    expect(await other.claim('w3', at(45), at(90))).toMatchObject({ id: 'j2', kind: 'suite' });
    expect(await store.renew('j2', 'w2', at(99))).toBe(false);
    await store.complete('j1', at(70));
    expect(await store.claim('w4', at(100), at(200))).toMatchObject({ id: 'j2' });
    expect(await store.claim('w5', at(100), at(200))).toBeUndefined();
  });

  it('hands back the running jobs of one holder at once, and only its own', async ({ stores: { store, other } }) => {
    await store.create({ id: 'j1', kind: 'copy', params: {}, subjects: [{ product_id: 'a' }] }, at(1));
    await store.create({ id: 'j2', kind: 'copy', params: {}, subjects: [{ product_id: 'b' }] }, at(2));
    expect(await store.claim('w1', at(10), at(40))).toMatchObject({ id: 'j1' });
    expect(await other.claim('w2', at(10), at(40))).toMatchObject({ id: 'j2' });
    await store.release('w1');
    // Long before the lease's second 40: j1 is free, j2 still w2's.
    expect(await other.claim('w3', at(11), at(50))).toMatchObject({ id: 'j1' });
    expect(await other.claim('w4', at(11), at(50))).toBeUndefined();
    expect(await store.renew('j1', 'w1', at(60))).toBe(false);
    expect(await store.renew('j2', 'w2', at(60))).toBe(true);
  });
}

describe.each(adapters)('JobStore on $name', (adapter) => {
  testJobStoreContract(storesTest(adapter));
});
