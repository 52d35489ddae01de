import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GuardedHttp, type GuardedStreamResponse } from '../../src/application/ports/guarded-http.ts';
import { type DownloadPolicy, makeDownloadAsset } from '../../src/application/use-cases/download-asset.ts';
import { makeGuardedImageFetcher } from '../../src/adapters/images/guarded-image-fetcher.ts';
import { makeSharpImageNormaliser } from '../../src/adapters/images/sharp-image-normaliser.ts';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeLocalObjectStore } from '../../src/adapters/storage/local-object-store.ts';
import { type Asset } from '../../src/domain/asset.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { newProduct } from '../../src/domain/product.ts';
import { makeCdnImages } from '../fakes/cdn.ts';

const POLICY: DownloadPolicy = { attempts: 3, backoffMs: 300 };
const NOW = new Date('2026-11-21T10:00:00.000Z');

type Answer = number | 'timeout' | 'refused';

/** Answers each GET from a script (status codes or transport failures) and records the Referer sent. */
function scriptedHttp(script: Answer[], image: Uint8Array): GuardedHttp & { referers: (string | undefined)[] } {
  const referers: (string | undefined)[] = [];
  const stream = async (url: string, options: { headers?: Readonly<Record<string, string>> }): Promise<GuardedStreamResponse> => {
    referers.push(options.headers?.referer);
    const next = script.shift() ?? 200;
    if (next === 'timeout') throw new DomainError('upstream_timeout', 'OUTBOUND_TIMEOUT', '远程服务器响应超时，请稍后重试');
    if (next === 'refused') throw new DomainError('invalid', 'OUTBOUND_REFUSED', '禁止访问内网或保留地址');
    const body = next === 200 ? [image] : [];
    return { status: next, headers: {}, url, body: (async function* () { yield* body; })(), cancel: () => undefined };
  };
  return { referers, stream, get: () => Promise.reject(new Error('not used')) };
}

describe('downloadAsset: retries, back-off and recorded attempts', () => {
  let database: DatabaseHandle;
  let mediaRoot: string;
  let image: Uint8Array;

  beforeEach(async () => {
    database = await openDatabase('sqlite://:memory:');
    await database.migrate();
    mediaRoot = mkdtempSync(path.join(tmpdir(), 'lws-dl-'));
    image = new Uint8Array((await makeCdnImages()).jpeg);
    await makeKyselyProductRepository(database.db).insert(newProduct({ id: 'p1', stage: 'collected', source_platform: '1688' }, NOW.toISOString()));
  });
  afterEach(async () => {
    await database.close();
    rmSync(mediaRoot, { recursive: true, force: true });
  });

  async function run(script: Answer[], seed: Partial<Asset> = {}, objectStore = makeLocalObjectStore({ root: mediaRoot, publicBaseUrl: undefined })) {
    const assets = makeKyselyAssetRepository(database.db);
    const asset: Asset = {
      asset_id: 'a1', product_id: 'p1', group_key: 'main', group_name: '主图', variant_name: null, type: 'img', index: 0, dedupe_key: 'k',
      source_url: 'https://cbu01.alicdn.com/x.jpg', referer: 'https://detail.1688.com/', stored_url: '', status: 'pending', error: null,
      attempts: 0, content_type: null, bytes: null, width: null, height: null, sha256: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString(),
      ...seed,
    };
    await assets.insertMany([asset]);
    const http = scriptedHttp([...script], image);
    const sleeps: number[] = [];
    const download = makeDownloadAsset({
      assets,
      imageFetcher: makeGuardedImageFetcher({ guardedHttp: http }),
      imageNormaliser: makeSharpImageNormaliser(),
      objectStore,
      clock: { now: () => NOW },
      policy: POLICY,
      sleep: async (ms) => void sleeps.push(ms),
    });
    await download('a1');
    return { asset: await assets.findById('a1'), sleeps, referers: http.referers };
  }

  it('records an unexpected store failure on the asset as failed (retryable), instead of leaving it downloading', async () => {
    const local = makeLocalObjectStore({ root: mediaRoot, publicBaseUrl: undefined });
    const fullDisk = { ...local, put: () => Promise.reject(new Error('ENOSPC: no space left on device')) };
    await expect(run([200], {}, fullDisk)).rejects.toThrow('ENOSPC');
    const asset = await makeKyselyAssetRepository(database.db).findById('a1');
    expect(asset).toMatchObject({ status: 'failed', stored_url: '', attempts: 1 });
    expect(asset?.error).toMatch(/[\u4e00-\u9fff]/);
    expect(asset?.error).not.toContain('ENOSPC');
  });

  it('stores on the first success', async () => {
    const { asset, sleeps } = await run([200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 1, error: null, stored_url: '/media/products/p1/a1.jpg', width: 320, height: 240 });
    expect(sleeps).toEqual([]);
  });

  it('retries 5xx, 429 and timeouts with doubling back-off, then gives up after 3 attempts', async () => {
    const { asset, sleeps } = await run([503, 'timeout', 429]);
    expect(asset).toMatchObject({ status: 'failed', attempts: 3, stored_url: '' });
    expect(asset?.error).toContain('429');
    expect(sleeps).toEqual([300, 600]);
  });

  it('succeeds on a later attempt', async () => {
    const { asset, sleeps } = await run([500, 200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 2, error: null });
    expect(sleeps).toEqual([300]);
  });

  it('does not retry other 4xx statuses', async () => {
    expect((await run([404])).asset).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('does not retry refusals', async () => {
    const { asset } = await run(['refused']);
    expect(asset).toMatchObject({ status: 'failed', attempts: 1 });
    expect(asset?.error).toContain('内网');
  });

  it('on 403 asks once more without Referer within the same attempt', async () => {
    const { asset, referers } = await run([403, 200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 1 });
    expect(referers).toEqual(['https://detail.1688.com/', undefined]);
  });

  it('gives a download resumed after a crash only the attempts it has left, but at least one', async () => {
    expect((await run([503, 503, 503], { status: 'downloading', attempts: 1 })).asset).toMatchObject({ status: 'failed', attempts: 3 });
    await database.db.deleteFrom('assets').execute();
    expect((await run([503, 503], { status: 'downloading', attempts: 5 })).asset).toMatchObject({ status: 'failed', attempts: 6 });
  });

  it('leaves stored and failed assets alone', async () => {
    const { asset, referers } = await run([200], { status: 'failed', attempts: 3, error: 'x' });
    expect(asset).toMatchObject({ status: 'failed', attempts: 3 });
    expect(referers).toEqual([]);
  });

  it('records a file that is not an image as failed', async () => {
    image = new Uint8Array(Buffer.from('<html>login required</html>'));
    const { asset } = await run([200]);
    expect(asset).toMatchObject({ status: 'failed', attempts: 1 });
    expect(asset?.error).toContain('不支持的图片格式');
  });
});
