import { describe, expect, it } from 'vitest';
import { makeQueueDownloads } from '../../../src/application/use-cases/queue-downloads.ts';
import { makeRetryFailedAssets } from '../../../src/application/use-cases/retry-failed-assets.ts';
import { catalogKit } from './catalog-kit.ts';

describe('retry failed assets', () => {
  it('puts failed downloads with a source back to pending with a fresh budget and queues exactly those', async () => {
    const kit = catalogKit();
    const product = await kit.given();
    const failed = await kit.givenImage(product.id, { status: 'failed', error: 'HTTP 404', attempts: 3 });
    const upload = await kit.givenImage(product.id, { status: 'failed', source_url: '', error: 'bad', attempts: 1 });
    const stored = await kit.givenImage(product.id);
    kit.clock.advance(5_000);
    const retry = makeRetryFailedAssets({ products: kit.products, assets: kit.assets, clock: kit.clock, queueDownloads: kit.queueDownloads });
    expect(await retry(product.id)).toEqual({ requeued: 1 });
    expect(await kit.assets.findById(failed.asset_id)).toMatchObject({ status: 'pending', error: null, attempts: 0, updated_at: kit.clock.iso() });
    expect(await kit.assets.findById(upload.asset_id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await kit.assets.findById(stored.asset_id)).toEqual(stored);
    expect(kit.queued).toEqual([failed.asset_id]);
    expect(await kit.assets.claimDownloads(10, kit.clock.iso(), kit.clock.iso())).toEqual([failed.asset_id]);
    expect(await retry(product.id)).toEqual({ requeued: 0 });
  });

  it('answers 404 for an unknown product', async () => {
    const kit = catalogKit();
    const retry = makeRetryFailedAssets({ products: kit.products, assets: kit.assets, clock: kit.clock, queueDownloads: kit.queueDownloads });
    await expect(retry(kit.ids.nth(9))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('queue downloads', () => {
  it('wakes the download worker only when there is something to download', () => {
    let nudges = 0;
    const queue = makeQueueDownloads({ downloadWorker: { nudge: () => void (nudges += 1) } });
    queue([]);
    expect(nudges).toBe(0);
    queue(['a', 'b']);
    expect(nudges).toBe(1);
  });
});
