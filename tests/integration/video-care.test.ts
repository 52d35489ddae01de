import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer } from '../fakes/fake-server.ts';
import { startFakeVideoCdn } from '../fakes/video-cdn.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type AssetJson = { asset_id: string; dedupe_key: string; type: string; status: string; stored_url: string; video_cover?: boolean };

const item = (url: string, dedupeKey: string, index: number, type = 'video') => ({
  groupKey: 'main',
  groupName: '主图视频',
  variantName: null,
  url,
  index,
  type,
  dedupeKey,
});

for (const database of testDatabases()) {
  describe(`a product's videos: served for a player, retried, chosen as cover, deleted (${database.name})`, () => {
    let cdn: FakeServer;
    let t: TestApp;
    let productId = '';
    const assets = async (id = productId): Promise<AssetJson[]> =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${id}/assets`, headers: t.auth })).json().items;
    const of = async (key: string): Promise<AssetJson> => (await assets()).find((asset) => asset.dedupe_key === key)!;
    const cover = (assetId: string | null, id = productId) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}/video-cover`, headers: t.auth, payload: { asset_id: assetId } });
    const collect = async (images: object[], itemId: string): Promise<string> => {
      const source = { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: 1_763_700_000_000 };
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/materials',
        headers: t.auth,
        payload: { product: { id: null }, source, texts: [], images },
      });
      await t.container.cradle.downloadWorker.onIdle();
      return created.json().product_id;
    };

    beforeAll(async () => {
      cdn = await startFakeVideoCdn();
      t = await startTestApp({ database });
      productId = await collect(
        [
          item(`${cdn.url}/ok.mp4`, 'ok', 0),
          item(`${cdn.url}/late.mov`, 'late', 1),
          item(`${cdn.url}/jpeg.mp4`, 'jpeg', 2),
          item(`${cdn.url}/missing.jpg`, 'photo', 3, 'img'),
        ],
        'v-care',
      );
    });
    afterAll(async () => {
      await t?.close();
      await cdn?.close();
    });

    it('serves stored videos under their own type, in ranges, so a player can seek', async () => {
      const mp4 = await of('ok');
      const whole = await t.app.inject({ method: 'GET', url: mp4.stored_url });
      expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
      const part = await t.app.inject({ method: 'GET', url: mp4.stored_url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.byteLength}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
      const mov = await t.app.inject({ method: 'GET', url: (await of('late')).stored_url, headers: { range: 'bytes=0-7' } });
      expect(mov.statusCode).toBe(206);
      expect(mov.headers['content-type']).toBe('video/quicktime');
    });

    it('retries one failed video by itself, and refuses an asset of another product', async () => {
      const failed = await of('jpeg');
      expect(failed.status).toBe('failed');
      const photo = await of('photo');
      expect(photo.status).toBe('failed');
      const retried = await t.app.inject({ method: 'POST', url: `/api/products/${productId}/assets/retry?asset_id=${failed.asset_id}`, headers: t.auth });
      expect(retried.json()).toEqual({ requeued: 1 });
      // Only that one went back to the queue: the failed photo kept its state.
      expect((await of('photo')).status).toBe('failed');
      await t.container.cradle.downloadWorker.onIdle();
      expect((await of('jpeg')).status).toBe('failed');
      const stored = await t.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/assets/retry?asset_id=${(await of('ok')).asset_id}`,
        headers: t.auth,
      });
      expect(stored.json()).toEqual({ requeued: 0 });

      const other = await collect([], 'v-other');
      const foreign = await t.app.inject({ method: 'POST', url: `/api/products/${other}/assets/retry?asset_id=${failed.asset_id}`, headers: t.auth });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().detail).toMatch(/不存在/);
    });

    it('marks one stored video as the cover, moves the mark, clears it, and refuses what is no stored video', async () => {
      const [ok, late, jpeg, photo] = await Promise.all(['ok', 'late', 'jpeg', 'photo'].map(of));
      expect((await cover(ok!.asset_id)).json()).toEqual({ product_id: productId, cover_asset_id: ok!.asset_id });
      expect((await cover(late!.asset_id)).statusCode).toBe(200);
      expect((await assets()).filter((asset) => asset.video_cover).map((asset) => asset.asset_id)).toEqual([late!.asset_id]);

      const refusals = [
        { response: await cover(jpeg!.asset_id), status: 409, code: 'VIDEO_NOT_STORED' },
        { response: await cover(photo!.asset_id), status: 409, code: 'NOT_A_VIDEO' },
        { response: await cover(late!.asset_id, await collect([], 'v-cover-other')), status: 404, code: 'VIDEO_NOT_FOUND' },
        { response: await cover('not-a-uuid'), status: 422, code: 'VALIDATION_FAILED' },
      ];
      for (const { response, status, code } of refusals) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ code, detail: expect.stringMatching(/[\u4e00-\u9fff]/) });
      }
      // Refused changes left the cover where it was.
      expect((await assets()).filter((asset) => asset.video_cover).map((asset) => asset.asset_id)).toEqual([late!.asset_id]);
      expect((await cover(null)).json()).toEqual({ product_id: productId, cover_asset_id: null });
      expect((await assets()).some((asset) => asset.video_cover)).toBe(false);
    });

    it('deletes a video with its file (the cover with it), but no picture', async () => {
      const ok = await of('ok');
      await cover(ok.asset_id);
      const file = path.join(t.dataDir, 'media', ...new URL(ok.stored_url, 'http://x').pathname.replace(/^\/media\//, '').split('/'));
      expect(existsSync(file)).toBe(true);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/assets/${ok.asset_id}`, headers: t.auth });
      expect(deleted.statusCode).toBe(204);
      expect(existsSync(file)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: ok.stored_url })).statusCode).toBe(404);
      expect((await assets()).map((asset) => asset.dedupe_key).sort()).toEqual(['jpeg', 'late', 'photo']);
      expect((await assets()).some((asset) => asset.video_cover)).toBe(false);

      const again = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/assets/${ok.asset_id}`, headers: t.auth });
      expect(again.statusCode).toBe(404);
      const picture = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/assets/${(await of('photo')).asset_id}`, headers: t.auth });
      expect(picture.statusCode).toBe(409);
      expect(picture.json().code).toBe('NOT_A_VIDEO');
      expect((await assets()).length).toBe(3);
    });
  });
}
