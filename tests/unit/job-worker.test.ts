import { describe, expect, it } from 'vitest';
import { busiestTurn } from '../helpers/event-loop-turns.ts';
import { makeJobWorker } from '../../src/application/job-worker.ts';
import { invalid } from '../../src/domain/common/errors.ts';
import { makeInMemoryJobStore } from '../in-memory/in-memory-job-store.ts';

const NOW = () => new Date('2026-11-27T08:00:00Z');

/** A worker whose every item fails at once, with no I/O (a product deleted since the job was queued is like this). */
async function failingJob(items: number) {
  const jobs = makeInMemoryJobStore();
  await jobs.create(
    { id: 'job-1', kind: 'copy', params: {}, subjects: Array.from({ length: items }, (_, n) => ({ product_id: `p${n}` })) },
    NOW().toISOString(),
  );
  let worked = 0;
  const worker = makeJobWorker({
    jobs,
    clock: { now: NOW },
    handlers: {
      copy: async () => {
        worked += 1;
        throw invalid('PRODUCT_NOT_FOUND', '商品不存在');
      },
    },
    owner: 'test',
    leaseMs: 60_000,
    pollMs: 60_000,
    stopWaitMs: 1_000,
    onError: (error) => {
      throw error;
    },
  });
  return { jobs, worker, worked: () => worked };
}

describe('the job worker', () => {
  it('lets the server answer between items that fail without I/O, and still records every item', async () => {
    const items = 1_000;
    const { jobs, worker, worked } = await failingJob(items);
    // A request arriving meanwhile is a macrotask: it must get its turn after an item or two, not the whole job.
    const seenByARequest = new Promise<number>((resolve) => setTimeout(() => resolve(worked()), 0));
    const turns = busiestTurn(worked);
    worker.start();
    expect(await seenByARequest).toBeLessThan(items / 2);
    for (let turn = 0; turn < 100_000 && (await jobs.find('job-1'))?.status !== 'done'; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    await worker.stop();
    expect(turns.stop()).toBeLessThanOrEqual(2);

    const job = await jobs.find('job-1');
    expect(job).toMatchObject({ status: 'done', total: items, done: 0, failed: items });
    expect(new Set(job?.items.map((item) => `${item.status}:${item.error}`))).toEqual(new Set(['failed:商品不存在']));
  });

  it('at stop waits a bounded time for the item in flight, then hands the job back to any other worker at once', async () => {
    const jobs = makeInMemoryJobStore();
    await jobs.create({ id: 'job-1', kind: 'copy', params: {}, subjects: [{ product_id: 'p1' }, { product_id: 'p2' }] }, NOW().toISOString());
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const worker = makeJobWorker({
      jobs,
      clock: { now: NOW },
      handlers: { copy: () => (started(), new Promise(() => undefined)) }, // never ends
      owner: 'stopping',
      leaseMs: 300_000,
      pollMs: 60_000,
      stopWaitMs: 20,
      onError: (error) => {
        throw error;
      },
    });
    worker.start();
    await inFlight;
    expect(await jobs.claim('other', NOW().toISOString(), NOW().toISOString())).toBeUndefined(); // held, lease 5 min
    await worker.stop();
    // Same instant, lease far from over: handed back.
    expect(await jobs.claim('other', NOW().toISOString(), new Date(NOW().getTime() + 60_000).toISOString())).toMatchObject({ id: 'job-1' });
    expect(await jobs.nextItem('job-1')).toEqual({ seq: 0, subject: { product_id: 'p1' } });
  });
});
