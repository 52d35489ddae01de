import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer } from '../fakes/fake-server.ts';
import { startFakeVideoCdn } from '../fakes/video-cdn.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type AssetJson = {
  asset_id: string;
  dedupe_key: string;
  type: string;
  status: string;
  error: string | null;
  stored_url: string;
  content_type: string | null;
  bytes: number | null;
  duration_ms?: number | null;
};

const video = (url: string, dedupeKey: string, index: number) => ({
  groupKey: 'main',
  groupName: '主图视频',
  variantName: null,
  url,
  index,
  type: 'video',
  dedupeKey,
});

for (const database of testDatabases()) {
  describe(`videos in POST /api/materials (${database.name})`, () => {
    let cdn: FakeServer;
    let t: TestApp;

    beforeAll(async () => {
      cdn = await startFakeVideoCdn();
      t = await startTestApp({ database, env: { MAX_VIDEO_BYTES: String(1024 * 1024) } });
    });
    afterAll(async () => {
      await t?.close();
      await cdn?.close();
    });

    it('stores MP4 and MOV byte for byte with the duration read from the file, and refuses a JPEG and an oversized file', async () => {
      const body = {
        product: { id: null },
        source: { platform: '1688', itemId: '9001', url: 'https://detail.1688.com/offer/9001.html', collectedAt: 1_763_700_000_000 },
        texts: [{ kind: 'title', content: '带视频的商品' }],
        images: [
          video(`${cdn.url}/ok.mp4`, 'ok', 0),
          video(`${cdn.url}/late.mov`, 'late', 1),
          video(`${cdn.url}/short.mp4`, 'short', 2),
          video(`${cdn.url}/jpeg.mp4`, 'jpeg', 3),
          video(`${cdn.url}/large/2.mp4`, 'large', 4),
        ],
      };
      const created = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: body });
      expect(created.statusCode).toBe(201);
      await t.container.cradle.downloadWorker.onIdle();
      const assets: AssetJson[] = (await t.app.inject({ method: 'GET', url: `/api/products/${created.json().product_id}/assets`, headers: t.auth })).json()
        .items;
      const of = (key: string): AssetJson => assets.find((asset) => asset.dedupe_key === key)!;

      expect(of('ok')).toMatchObject({ type: 'video', status: 'stored', content_type: 'video/mp4', duration_ms: 12_500 });
      const served = await t.app.inject({ method: 'GET', url: of('ok').stored_url });
      const original = await fetch(`${cdn.url}/ok.mp4`).then(async (r) => Buffer.from(await r.arrayBuffer()));
      expect(Buffer.compare(served.rawPayload, original)).toBe(0);
      expect(of('ok').bytes).toBe(original.byteLength);

      // The movie header after the media data, QuickTime brand.
      expect(of('late')).toMatchObject({ status: 'stored', content_type: 'video/quicktime', duration_ms: 61_000 });
      expect(of('late').stored_url).toMatch(/\.mov$/);
      // Stored: too short a video is the publish checks' to refuse, with the seller's reason.
      expect(of('short')).toMatchObject({ status: 'stored', duration_ms: 3_000 });

      expect(of('jpeg')).toMatchObject({ status: 'failed', stored_url: '', error: '不是 MP4/MOV 视频' });
      expect(of('large')).toMatchObject({ status: 'failed', stored_url: '', error: '视频超过 1 MB 上限' });

      // A video is never one of the product's pictures.
      const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${created.json().product_id}`, headers: t.auth })).json();
      expect(detail.primary_image).toBeNull();
      expect(detail.images).toEqual([]);
      // Stored videos do not count as the stored picture a ready product needs, nor serve as rich-content pictures.
      expect(detail.ready_problems).toContainEqual({ path: '/images', message: '至少需要一张已保存的图片' });
      const rich = await t.app.inject({
        method: 'POST',
        url: `/api/products/${created.json().product_id}/rich-content`,
        headers: t.auth,
        payload: { images: [of('ok').asset_id], text: false },
      });
      expect(rich.statusCode).toBe(422);
      expect(rich.json()).toMatchObject({ code: 'ASSET_NOT_USABLE' });
    });
  });
}
