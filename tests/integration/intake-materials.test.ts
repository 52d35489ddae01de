import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOTLINK_REFERER, type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type AssetJson = {
  asset_id: string;
  source_url: string;
  status: string;
  error: string | null;
  attempts: number;
  stored_url: string;
  content_type: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  sha256: string | null;
  group_key: string;
  dedupe_key: string;
};

const image = (url: string, dedupeKey: string, index = 0, groupKey = 'main') => ({
  groupKey,
  groupName: '主图',
  variantName: null,
  url,
  index,
  type: 'img',
  dedupeKey,
});

function material(images: ReturnType<typeof image>[], overrides: Record<string, unknown> = {}) {
  return {
    product: { id: null },
    source: { platform: '1688', itemId: '6001', url: 'https://detail.1688.com/offer/6001.html', collectedAt: 1_763_700_000_000 },
    texts: [
      { kind: 'title', content: '  夏季纯棉短袖T恤  ' },
      { kind: 'params', content: '', pairs: [{ key: '材质', value: '棉' }] },
    ],
    images,
    refererOrigin: 'https://detail.1688.com',
    ...overrides,
  };
}

for (const database of testDatabases()) {
  describe(`POST /api/materials and the download pipeline (${database.name})`, () => {
    let cdn: FakeCdn;
    let t: TestApp;

    beforeAll(async () => {
      cdn = await startFakeCdn();
      t = await startTestApp({ database });
    });
    afterAll(async () => {
      cdn.release();
      await t?.close();
      await cdn?.close();
    });

    const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: body as object });
    const assetsOf = async (productId: string): Promise<AssetJson[]> =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/assets`, headers: t.auth })).json().items;
    const byDedupe = (assets: AssetJson[], key: string): AssetJson => {
      const found = assets.find((asset) => asset.dedupe_key === key);
      if (!found) throw new Error(`no asset ${key}`);
      return found;
    };

    it('stores the product and pending assets, answers before any download, then every rule of the pipeline holds', async () => {
      const images = [
        image(`${cdn.url}/hotlink/a.jpg`, 'hotlink'),
        image(`${cdn.url}/no-referer/b.jpg`, 'no-referer', 1),
        image(`${cdn.url}/webp/c`, 'webp', 2),
        image(`${cdn.url}/png/d.png`, 'png', 3),
        image(`${cdn.url}/rotated/e.jpg`, 'rotated', 4),
        image(`${cdn.url}/missing/f.jpg`, 'missing', 0, 'detail'),
        image(`${cdn.url}/flaky/g.jpg`, 'flaky', 1, 'detail'),
        image(`${cdn.url}/huge/h.jpg`, 'huge', 2, 'detail'),
        image(`${cdn.url}/bomb/i.png`, 'bomb', 3, 'detail'),
        image(`${cdn.url}/thumbs/j.jpg_400x400.jpg_.webp`, 'thumb', 0, 'sku'),
        image(`${cdn.url}/gate/slow.jpg`, 'slow', 1, 'sku'),
        image(`${cdn.url}/jpeg/dup.jpg`, 'hotlink', 2, 'sku'), // same dedupeKey as the first: skipped
      ];
      const response = await post(material(images));
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ product: { stage: 'collected' }, assetsQueued: 11 });
      expect(body.product_id).toBe(body.product.id);

      // Answered while the slow image is still held by the CDN.
      const early = byDedupe(await assetsOf(body.product_id), 'slow');
      expect(['pending', 'downloading']).toContain(early.status);
      const product = t.container.cradle.products.findById(body.product_id);
      expect((await product)?.name).toBe('夏季纯棉短袖T恤');
      expect((await product)?.raw).toMatchObject({
        texts: [{ kind: 'title' }, { kind: 'params', pairs: [{ key: '材质', value: '棉' }] }],
        sources: [{ platform: '1688', itemId: '6001' }],
      });

      cdn.release();
      await t.container.cradle.downloadWorker.onIdle();
      const assets = await assetsOf(body.product_id);
      expect(assets).toHaveLength(11);

      // Referer from refererOrigin, browser UA.
      expect(byDedupe(assets, 'hotlink').status).toBe('stored');
      expect(cdn.hits('/hotlink/a.jpg')[0]?.headers['user-agent']).toMatch(/Mozilla\/5\.0/);

      // 403 with a Referer → once more without.
      expect(byDedupe(assets, 'no-referer').status).toBe('stored');
      expect(cdn.hits('/no-referer/b.jpg').map((hit) => hit.headers.referer ?? null)).toEqual([HOTLINK_REFERER, null]);

      // WebP sniffed despite octet-stream, converted to JPEG; PNG kept.
      const webp = byDedupe(assets, 'webp');
      expect(webp).toMatchObject({ status: 'stored', content_type: 'image/jpeg', width: 320, height: 240 });
      const png = byDedupe(assets, 'png');
      expect(png).toMatchObject({ status: 'stored', content_type: 'image/png' });
      const servedPng = await t.app.inject({ method: 'GET', url: png.stored_url });
      expect(servedPng.statusCode).toBe(200);
      expect(createHash('sha256').update(servedPng.rawPayload).digest('hex')).toBe(png.sha256);
      expect(servedPng.rawPayload.equals(cdn.images.png)).toBe(true);

      // EXIF rotation applied.
      const rotated = byDedupe(assets, 'rotated');
      expect(rotated).toMatchObject({ status: 'stored', width: 100, height: 200 });
      const servedRotated = await t.app.inject({ method: 'GET', url: rotated.stored_url });
      expect(await sharp(servedRotated.rawPayload).metadata()).toMatchObject({ width: 100, height: 200 });

      // 404 is final after one attempt; 503 is retried until it works.
      expect(byDedupe(assets, 'missing')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(byDedupe(assets, 'missing').error).toContain('404');
      expect(byDedupe(assets, 'flaky')).toMatchObject({ status: 'stored', attempts: 3, error: null });

      // Size cap while streaming, pixel limit before decoding.
      expect(byDedupe(assets, 'huge')).toMatchObject({ status: 'failed', stored_url: '' });
      expect(byDedupe(assets, 'huge').error).toContain('大小上限');
      expect(byDedupe(assets, 'bomb')).toMatchObject({ status: 'failed' });
      expect(byDedupe(assets, 'bomb').error).toContain('像素');

      // Thumbnail suffixes stripped to reach the original.
      const thumb = byDedupe(assets, 'thumb');
      expect(thumb).toMatchObject({ status: 'stored', source_url: `${cdn.url}/thumbs/j.jpg` });

      expect(byDedupe(assets, 'slow').status).toBe('stored');
      for (const asset of assets.filter((a) => a.status === 'stored')) {
        expect(asset.stored_url).toMatch(/^\/media\/products\//);
        expect(asset.bytes).toBeGreaterThan(0);
        expect(asset.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('sends the platform page as Referer when the request names no origin', async () => {
      const taobao = material([image(`${cdn.url}/hotlink/t.jpg`, 't1')], {
        refererOrigin: undefined,
        source: { platform: 'taobao', itemId: '777', url: 'https://item.taobao.com/item.htm?id=777', collectedAt: 1 },
      });
      const { product_id } = (await post(taobao)).json();
      await t.container.cradle.downloadWorker.onIdle();
      expect(cdn.hits('/hotlink/t.jpg').map((hit) => hit.headers.referer ?? null)).toEqual(['https://item.taobao.com/', null]);
      expect((await assetsOf(product_id))[0]).toMatchObject({ status: 'failed' });
      expect((await assetsOf(product_id))[0]?.error).toContain('403');
    });

    it('appends another platform to a product, skipping images it already has', async () => {
      const first = (await post(material([image(`${cdn.url}/jpeg/1.jpg`, 'k1'), image(`${cdn.url}/jpeg/2.jpg`, 'k2', 1)]))).json();
      const appended = await post(
        material([image(`${cdn.url}/jpeg/2.jpg`, 'k2'), image(`${cdn.url}/jpeg/3.jpg`, 'k3', 1)], {
          product: { id: first.product_id },
          source: { platform: 'taobao', itemId: 'tb-9', url: 'https://item.taobao.com/item.htm?id=9', collectedAt: 2 },
          texts: [{ kind: 'title', content: '淘宝标题' }],
        }),
      );
      expect(appended.statusCode).toBe(200);
      expect(appended.json()).toMatchObject({ product_id: first.product_id, assetsQueued: 1, product: { stage: 'collected' } });
      const product = await t.container.cradle.products.findById(first.product_id);
      expect(product?.name).toBe('夏季纯棉短袖T恤');
      expect(product?.sources.map((source) => source.platform)).toEqual(['1688', 'taobao']);
      expect((product?.raw.texts as unknown[]).length).toBe(3);
      expect((product?.raw.sources as unknown[]).length).toBe(2);

      const fingerprints = await t.app.inject({ method: 'GET', url: `/api/products/${first.product_id}/fingerprints`, headers: t.auth });
      expect(fingerprints.json().fingerprints.sort()).toEqual(['k1', 'k2', 'k3']);
      const collected = await t.app.inject({ method: 'GET', url: '/api/collected?platform=taobao&itemId=tb-9', headers: t.auth });
      expect(collected.json()).toEqual({ collected: true, count: 1, product_ids: [first.product_id] });
      const none = await t.app.inject({ method: 'GET', url: '/api/collected?platform=ozon&itemId=tb-9', headers: t.auth });
      expect(none.json()).toEqual({ collected: false, count: 0, product_ids: [] });
      await t.container.cradle.downloadWorker.onIdle();
    });

    it('re-queues failed downloads on retry', async () => {
      const { product_id } = (await post(material([image(`${cdn.url}/broken/r.jpg`, 'r')]))).json();
      await t.container.cradle.downloadWorker.onIdle();
      expect((await assetsOf(product_id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      cdn.heal('/broken/r.jpg');
      const retry = await t.app.inject({ method: 'POST', url: `/api/products/${product_id}/assets/retry`, headers: t.auth });
      expect(retry.json()).toEqual({ requeued: 1 });
      await t.container.cradle.downloadWorker.onIdle();
      expect((await assetsOf(product_id))[0]).toMatchObject({ status: 'stored', attempts: 1, error: null });
    });

    it('answers 404 for unknown products and 422 for bad shapes, never 500', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const append = await post(material([], { product: { id: unknown } }));
      expect(append.statusCode).toBe(404);
      expect(append.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
      for (const path of [`/api/products/${unknown}/fingerprints`, `/api/products/${unknown}/assets`]) {
        expect((await t.app.inject({ method: 'GET', url: path, headers: t.auth })).statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'POST', url: `/api/products/${unknown}/assets/retry`, headers: t.auth })).statusCode).toBe(404);

      const bad = [
        material([], { source: { platform: 'amazon', itemId: '1', url: 'x', collectedAt: 1 } }),
        material([image('javascript:alert(1)', 'x')]),
        material([{ ...image(`${cdn.url}/jpeg/x.jpg`, 'x'), groupKey: 'generated' }]),
        material([], { product: { id: 'not-a-uuid' } }),
        { product: { id: null } },
        material(Array.from({ length: 501 }, (_, i) => image(`${cdn.url}/jpeg/${i}.jpg`, `n${i}`))),
      ];
      for (const body of bad) {
        const response = await post(body);
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/collected?platform=1688', headers: t.auth })).statusCode).toBe(422);
      expect((await t.app.inject({ method: 'POST', url: '/api/materials', payload: material([]) })).statusCode).toBe(401);
    });
  });
}
