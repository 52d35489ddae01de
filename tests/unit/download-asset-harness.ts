import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type GuardedHttp, type GuardedStreamResponse } from '../../src/application/ports/guarded-http.ts';
import { type ObjectStore } from '../../src/application/ports/object-store.ts';
import { type DownloadPolicy, makeDownloadAsset } from '../../src/application/use-cases/download-asset.ts';
import { makeGuardedImageFetcher } from '../../src/adapters/images/guarded-image-fetcher.ts';
import { makeSharpImageNormaliser } from '../../src/adapters/images/sharp-image-normaliser.ts';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeLocalObjectStore } from '../../src/adapters/storage/local-object-store.ts';
import { type Asset } from '../../src/domain/media/asset.ts';
import { DomainError } from '../../src/domain/common/errors.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { makeCdnImages } from '../fakes/cdn.ts';

/** Three attempts with a 300 ms back-off that doubles (the sleeps are recorded, not waited). */
const POLICY: DownloadPolicy = { attempts: 3, backoffMs: 300 };
const NOW = new Date('2026-11-21T10:00:00.000Z');

/** One scripted answer of the CDN: a status code, or a transport failure. */
export type Answer = number | 'timeout' | 'refused';

/** Answers each GET from a script (status codes or transport failures) and records the Referer sent. */
function scriptedHttp(script: Answer[], image: Uint8Array): GuardedHttp & { referers: (string | undefined)[] } {
  const referers: (string | undefined)[] = [];
  const stream = async (url: string, options: { headers?: Readonly<Record<string, string>> }): Promise<GuardedStreamResponse> => {
    referers.push(options.headers?.referer);
    const next = script.shift() ?? 200;
    if (next === 'timeout') throw new DomainError('upstream_timeout', 'OUTBOUND_TIMEOUT', '远程服务器响应超时，请稍后重试');
    if (next === 'refused') throw new DomainError('invalid', 'OUTBOUND_REFUSED', '禁止访问内网或保留地址');
    const body = next === 200 ? [image] : [];
    return {
      status: next,
      headers: {},
      url,
      body: (async function* () {
        yield* body;
      })(),
      cancel: () => undefined,
    };
  };
  const unused = () => Promise.reject(new Error('not used'));
  return { referers, stream, get: unused, post: unused, vet: unused };
}

/**
 * downloadAsset of asset `a1` (product `p1`) on a fresh in-memory SQLite and a temporary media folder per test,
 * fetched through the real image fetcher over a scripted client. `run` answers the asset as stored afterwards, the
 * back-off sleeps asked for and the Referer of each request.
 */
export function downloadHarness() {
  const state = {} as { database: DatabaseHandle; mediaRoot: string; image: Uint8Array };
  beforeEach(async () => {
    state.database = await openDatabase('sqlite://:memory:');
    await state.database.migrate();
    state.mediaRoot = mkdtempSync(path.join(tmpdir(), 'lws-dl-'));
    state.image = new Uint8Array((await makeCdnImages()).jpeg);
    await makeKyselyProductRepository(state.database.db).insert(newProduct({ id: 'p1', stage: 'collected', source_platform: '1688' }, NOW.toISOString()));
  });
  afterEach(async () => {
    await state.database.close();
    rmSync(state.mediaRoot, { recursive: true, force: true });
  });

  const localStore = () => makeLocalObjectStore({ root: state.mediaRoot, publicBaseUrl: undefined });
  const run = async (script: Answer[], seed: Partial<Asset> = {}, objectStore: ObjectStore = localStore()) => {
    const assets = makeKyselyAssetRepository(state.database.db);
    const asset: Asset = {
      asset_id: 'a1',
      product_id: 'p1',
      group_key: 'main',
      group_name: '主图',
      variant_name: null,
      type: 'img',
      index: 0,
      dedupe_key: 'k',
      source_url: 'https://cbu01.alicdn.com/x.jpg',
      referer: 'https://detail.1688.com/',
      stored_url: '',
      status: 'pending',
      error: null,
      attempts: 0,
      content_type: null,
      bytes: null,
      width: null,
      height: null,
      sha256: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      ...seed,
    };
    await assets.insertMany([asset]);
    const http = scriptedHttp([...script], state.image);
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
  };
  return {
    run,
    localStore,
    assets: () => makeKyselyAssetRepository(state.database.db),
    database: () => state.database,
    /** What the CDN serves from now on (by default a real JPEG). */
    serve: (bytes: Uint8Array) => void (state.image = bytes),
  };
}
