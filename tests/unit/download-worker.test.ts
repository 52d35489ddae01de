import { describe, expect, it } from 'vitest';
import { busiestTurn } from '../helpers/event-loop-turns.ts';
import { makeDownloadWorker } from '../../src/application/download-worker.ts';

/** Resolves after `hops` turns of the microtask queue, with no I/O: a query on the one SQLite connection is like this. */
const microtasks = async (hops: number): Promise<void> => {
  for (let hop = 0; hop < hops; hop += 1) await null;
};

/** A worker over a backlog whose downloads all end at once (as a refused private address does): no I/O anywhere. */
function backlogWorker(backlog: number, claimHops: number) {
  let next = 0;
  let done = 0;
  const worker = makeDownloadWorker({
    assets: {
      claimDownloads: async (limit) => {
        await microtasks(claimHops);
        return Array.from({ length: Math.min(limit, backlog - next) }, () => `a${next++}`);
      },
      renewClaims: async () => undefined,
      releaseClaims: async () => undefined,
    },
    downloadAsset: async () => void (done += 1),
    clock: { now: () => new Date() },
    concurrency: 4,
    leaseMs: 60_000,
    pollMs: 60_000,
    stopWaitMs: 100,
    onError: (error) => {
      throw error;
    },
  });
  return { worker, done: () => done };
}

describe('the download worker', () => {
  // claimHops 0: claims answer before the downloads end. 50: the downloads claimed last end while the next claim
  // is still on its way (the real case: a claim is several awaits through Kysely's connection lock, a refused
  // fetch fewer).
  it.each([0, 50])('lets the server answer between downloads that end without I/O (claim %i microtasks)', async (claimHops) => {
    const backlog = 2_000;
    const { worker, done } = backlogWorker(backlog, claimHops);
    // A request arriving meanwhile is a macrotask: it must get its turn after a few downloads, not the backlog.
    const seenByARequest = new Promise<number>((resolve) => setTimeout(() => resolve(done()), 0));
    const turns = busiestTurn(done);
    worker.start();
    expect(await seenByARequest).toBeLessThan(backlog / 2);
    await worker.onIdle();
    expect(done()).toBe(backlog);
    // Each turn of the loop takes a claim's worth (DOWNLOAD_CONCURRENCY); a server that stopped answering with
    // a backlog of refused URLs ran 4, 16, 64, 256 … downloads per turn: each ended download started a claim.
    expect(turns.stop()).toBeLessThanOrEqual(2 * 4);
    await worker.stop();
  });
});
