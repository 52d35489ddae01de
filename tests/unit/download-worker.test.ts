import { describe, expect, it } from 'vitest';
import { makeDownloadWorker } from '../../src/application/download-worker.ts';

describe('the download worker', () => {
  it('lets the server answer between downloads, even when each one fails at once without I/O', async () => {
    const backlog = 2_000;
    let next = 0;
    let done = 0;
    const worker = makeDownloadWorker({
      // A backlog of assets whose downloads all end at once (as a refused private address does): no I/O anywhere.
      assets: {
        claimDownloads: async (limit) => Array.from({ length: Math.min(limit, backlog - next) }, () => `a${next++}`),
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
    // A request arriving meanwhile is a macrotask: it must get its turn long before the backlog is through.
    const seenByARequest = new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    worker.start();
    expect(await seenByARequest).toBeLessThan(backlog / 2);
    await worker.onIdle();
    expect(done).toBe(backlog);
    await worker.stop();
  });
});
