import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeDownloadWorker } from '../../src/application/download-worker.ts';
import { type Asset, pendingAsset, storedAsset } from '../../src/domain/media/asset.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { type DatabaseHandle } from '../../src/adapters/persistence/connection.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';

const at = (second: number): string => new Date(Date.UTC(2026, 10, 25, 12, 0, second)).toISOString();
const clock = { now: () => new Date() };

/** One product with `count` pending assets created a second apart (so claim order is known). */
async function backlog(handle: DatabaseHandle, count: number): Promise<Asset[]> {
  const product = newProduct({ id: randomUUID(), stage: 'collected', source_platform: '1688' }, at(0));
  await makeKyselyProductRepository(handle.db).insert(product);
  const assets = Array.from({ length: count }, (_, index) =>
    pendingAsset(
      {
        asset_id: randomUUID(),
        product_id: product.id,
        group_key: 'detail',
        group_name: '详情',
        variant_name: null,
        type: 'img',
        index,
        dedupe_key: `d${index}`,
        source_url: `https://img.example/${index}.jpg`,
        referer: '',
      },
      at(index),
    ),
  );
  await makeKyselyAssetRepository(handle.db).insertMany(assets);
  return assets;
}

// Claim order, leases and two claimers are in the AssetRepository contract (asset-repository.contract.ts).
describe.each(testDatabases())('download workers on $name', (database) => {
  it('downloads a backlog with two workers, each asset once, holding at most `concurrency` claims each', { timeout: 60_000 }, async () => {
    const { first, second, dispose } = await openTwice(database);
    try {
      const assets = await backlog(first, 60);
      const downloads = new Map<string, number>();
      const workers = [first, second].map((handle) => {
        const repo = makeKyselyAssetRepository(handle.db);
        let running = 0;
        let most = 0;
        const worker = makeDownloadWorker({
          assets: repo,
          clock,
          concurrency: 3,
          leaseMs: 10_000,
          pollMs: 50,
          stopWaitMs: 1_000,
          onError: (error) => {
            throw error;
          },
          async downloadAsset(assetId) {
            running += 1;
            most = Math.max(most, running);
            downloads.set(assetId, (downloads.get(assetId) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 5));
            const asset = (await repo.findById(assetId))!;
            await repo.update(
              storedAsset(
                asset,
                {
                  body: new Uint8Array(1),
                  url: '/media/x.jpg',
                  bytes: 1,
                  contentType: 'image/jpeg',
                  extension: 'jpg',
                  width: 1,
                  height: 1,
                  sha256: 'x',
                } as never,
                new Date().toISOString(),
              ),
            );
            running -= 1;
          },
        });
        return { worker, most: () => most };
      });
      workers.forEach(({ worker }) => worker.start());
      await Promise.all(workers.map(({ worker }) => worker.onIdle()));
      await Promise.all(workers.map(({ worker }) => worker.stop()));
      expect(downloads.size).toBe(60);
      expect([...downloads.values()].every((count) => count === 1)).toBe(true);
      for (const { most } of workers) expect(most()).toBeLessThanOrEqual(3);
      const repo = makeKyselyAssetRepository(first.db);
      for (const asset of assets) expect((await repo.findById(asset.asset_id))?.status).toBe('stored');
    } finally {
      await dispose();
    }
  });
});
