import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';
import { type ShopApp, insertPublishable, startShopApp, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';

describe('the video cover on publish (complex attribute 100002)', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
  });
  afterAll(() => shop?.close());

  /** Uploads a video the way the page does; answers its asset id. */
  const uploadVideo = async (productId: string, durationMs: number): Promise<string> => {
    const form = new FormData();
    form.append('product_id', productId);
    form.append('meta', JSON.stringify({ type: 'video' }));
    form.append('file', new Blob([new Uint8Array(tinyMp4({ durationMs, mdatBytes: 4_000 }))], { type: 'video/mp4' }), 'clip.mp4');
    const encoded = new Response(form);
    const headers = { ...shop.t.auth, 'content-type': encoded.headers.get('content-type')! };
    const answer = await shop.t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers, payload: Buffer.from(await encoded.arrayBuffer()) });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().asset_id;
  };
  const cover = (productId: string, assetId: string | null) =>
    shop.t.app.inject({ method: 'PUT', url: `/api/products/${productId}/video-cover`, headers: shop.t.auth, payload: { asset_id: assetId } });
  const check = async (productId: string) =>
    (
      await shop.t.app.inject({ method: 'POST', url: `/api/products/${productId}/publish/check`, headers: shop.t.auth, payload: { shop_id: shop.shopId } })
    ).json<{ ok: boolean; errors: { path: string; message: string }[] }>();

  it('sends the chosen video as the cover only, the others as videos; the marketplace fake accepts the item', async () => {
    shop.ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    const product = await insertPublishable(shop.t);
    const [video, coverVideo] = [await uploadVideo(product.id, 12_000), await uploadVideo(product.id, 9_500)];
    expect((await cover(product.id, coverVideo)).statusCode).toBe(200);
    expect(await check(product.id)).toEqual({ ok: true, errors: [], warnings: [] });

    const published = await shop.t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/publish`,
      headers: shop.t.auth,
      payload: { shop_id: shop.shopId },
    });
    expect(published.statusCode, published.body).toBe(202);
    const { task_id } = published.json<{ task_id: string }>();
    const assets = await shop.t.container.cradle.assets.listByProduct(product.id);
    // Kept as `/media/…`, sent at PUBLIC_BASE_URL (issue 32 item 1).
    const urlOf = (assetId: string) => `${PUBLIC_BASE}${assets.find((asset) => asset.asset_id === assetId)!.stored_url}`;
    expect(shop.ozon.tasks.get(Number(task_id))!.items[0]!.complex_attributes).toEqual([
      {
        attributes: [
          { complex_id: 100001, id: 21841, values: [{ value: urlOf(video) }] },
          { complex_id: 100001, id: 21837, values: [{ value: product.name }] },
        ],
      },
      { attributes: [{ complex_id: 100002, id: 21845, values: [{ value: urlOf(coverVideo) }] }] },
    ]);
    expect((await waitForFinalTask(shop.t, task_id)).status).toBe('imported');
  });

  it('checks the cover as a video (时长 of the cover named), and a cleared cover goes out as a video again', async () => {
    const product = await insertPublishable(shop.t);
    const short = await uploadVideo(product.id, 10_000);
    await cover(product.id, short);
    // A cover collected from a page is stored whatever its length; the pre-flight names it.
    const stored = (await shop.t.container.cradle.assets.findById(short))!;
    await shop.t.container.cradle.assets.update({ ...stored, duration_ms: 4_000 });
    expect(await check(product.id)).toEqual({
      ok: false,
      errors: [{ path: 'video_cover', message: '视频封面时长 4 秒，平台要求 8 秒到 5 分钟' }],
      warnings: [],
    });
    await cover(product.id, null);
    expect((await check(product.id)).errors).toEqual([{ path: 'videos/0', message: '视频时长 4 秒，平台要求 8 秒到 5 分钟' }]);
  });
});
