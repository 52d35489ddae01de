import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardedVideoFetcher } from '../../../src/adapters/images/guarded-video-fetcher.ts';
import { makeMp4boxDurationReader } from '../../../src/adapters/images/mp4box-duration-reader.ts';
import { type ClosableGuardedHttp, makeGuardedHttp } from '../../../src/adapters/outbound/guarded-http.ts';
import { type ObjectStore } from '../../../src/application/ports/object-store.ts';
import { makeDownloadVideo } from '../../../src/application/use-cases/download-video.ts';
import { type Asset } from '../../../src/domain/media/asset.ts';
import { type FakeServer } from '../../fakes/fake-server.ts';
import { tinyMp4 } from '../../fakes/tiny-mp4.ts';
import { startFakeVideoCdn } from '../../fakes/video-cdn.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';

const POLICY = { attempts: 4, backoffMs: 100 };
// Big enough for every small video of the fake; /large/2.mp4 passes it.
const LIMITS = { maxBytes: 1_000_000, timeoutMs: 10_000 };
const REFERER = 'https://detail.1688.com/';

// The real video fetcher and duration reader on the guarded client (loopback allowed), against the fake video CDN.
let cdn: FakeServer;
let http: ClosableGuardedHttp;
beforeAll(async () => {
  cdn = await startFakeVideoCdn();
  http = makeGuardedHttp({ allowPrivate: true });
});
afterAll(async () => {
  await http?.close();
  await cdn?.close();
});

/** The download on the in-memory catalog and object store; `sleeps` are the back-offs it asked for. */
async function videoKit(path: string, fields: Partial<Asset> = {}, objectStore?: (kit: CatalogKit) => ObjectStore) {
  const kit = catalogKit();
  const product = await kit.given();
  const video = await kit.givenImage(product.id, {
    type: 'video',
    status: 'pending',
    stored_url: '',
    source_url: `${cdn.url}${path}`,
    referer: REFERER,
    ...fields,
  });
  const sleeps: number[] = [];
  const download = makeDownloadVideo({
    assets: kit.assets,
    videoFetcher: makeGuardedVideoFetcher({ guardedHttp: http, limits: LIMITS }),
    durationReader: makeMp4boxDurationReader(),
    objectStore: objectStore?.(kit) ?? kit.objectStore,
    clock: kit.clock,
    policy: POLICY,
    sleep: async (ms) => void sleeps.push(ms),
  });
  const run = async () => {
    kit.clock.advance(1_000);
    await download(video);
    return kit.assets.findById(video.asset_id);
  };
  return { ...kit, product, video, sleeps, run };
}

describe('download video', () => {
  it('streams an MP4 into the store byte for byte, with its duration, sending the page’s Referer', async () => {
    const kit = await videoKit('/ok.mp4');
    const key = `products/${kit.product.id}/${kit.video.asset_id}.mp4`;
    const file = tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 });
    expect(await kit.run()).toEqual({
      ...kit.video,
      status: 'stored',
      stored_url: `/media/${key}`,
      content_type: 'video/mp4',
      bytes: file.byteLength,
      duration_ms: 12_500,
      attempts: 1,
      error: null,
      updated_at: kit.clock.iso(),
    });
    expect(Buffer.from((await kit.objectStore.get(key))!).equals(file)).toBe(true);
    expect(cdn.requests.filter((request) => request.url === '/ok.mp4').at(-1)!.headers.referer).toBe(REFERER);
  });

  it('keeps a QuickTime file as .mov, reading the duration from a movie header at the end', async () => {
    const kit = await videoKit('/late.mov');
    expect(await kit.run()).toMatchObject({ status: 'stored', content_type: 'video/quicktime', duration_ms: 61_000 });
    expect(kit.objectStore.keys()).toEqual([`products/${kit.product.id}/${kit.video.asset_id}.mov`]);
  });

  it('refuses a video whose duration cannot be read, and keeps no file of it', async () => {
    const kit = await videoKit('/headless.mp4');
    expect(await kit.run()).toMatchObject({ status: 'failed', error: '读不出视频时长（文件损坏或不是 MP4/MOV 视频）', attempts: 1, stored_url: '' });
    expect(kit.objectStore.keys()).toEqual([]);
  });

  it('refuses a file the source cut inside its media data (its movie header reads fine), and keeps no file of it', async () => {
    const kit = await videoKit('/cut.mp4');
    expect(await kit.run()).toMatchObject({ status: 'failed', error: '视频文件不完整（媒体数据被截断）', attempts: 1, stored_url: '' });
    expect(kit.objectStore.keys()).toEqual([]);
  });

  it('tries a busy source again after doubling pauses, up to the attempts left', async () => {
    const kit = await videoKit('/busy/2/a.mp4');
    expect(await kit.run()).toMatchObject({ status: 'stored', attempts: 3, duration_ms: 12_500 });
    expect(kit.sleeps).toEqual([100, 200]);
    const busy = await videoKit('/busy/9/b.mp4');
    expect(await busy.run()).toMatchObject({ status: 'failed', attempts: 4, error: '视频源站返回 HTTP 503' });
    expect(busy.sleeps).toEqual([100, 200, 400]);
    const late = await videoKit('/busy/9/c.mp4', { attempts: 2 });
    expect(await late.run()).toMatchObject({ status: 'failed', attempts: 4 });
    expect(late.sleeps).toEqual([100]);
  });

  it('fails at once what another try cannot mend: not a video, a missing file, a file over the cap', async () => {
    for (const [path, error] of [
      ['/jpeg.mp4', '不是 MP4/MOV 视频'],
      ['/missing.mp4', '视频源站返回 HTTP 404'],
      ['/large/2.mp4', '视频超过 1 MB 上限'],
    ]) {
      const kit = await videoKit(path!);
      expect(await kit.run()).toMatchObject({ status: 'failed', attempts: 1, error });
      expect([kit.sleeps, kit.objectStore.keys()]).toEqual([[], []]);
    }
  });

  it('drops the file and writes nothing when the product was deleted while the video downloaded', async () => {
    let deleteProduct = async (): Promise<void> => undefined;
    const kit = await videoKit('/ok.mp4', {}, (catalog) => ({
      ...catalog.objectStore,
      putStream: async (key, body, contentType) => {
        const stored = await catalog.objectStore.putStream(key, body, contentType);
        await deleteProduct();
        return stored;
      },
    }));
    deleteProduct = () => kit.products.delete(kit.product.id);
    expect(await kit.run()).toBeUndefined();
    expect(kit.objectStore.keys()).toEqual([]);
  });
});
