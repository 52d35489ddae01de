import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';
import { type FakeS3, startFakeS3 } from '../fakes/s3.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

describe('OBJECT_STORE=s3: downloads and direct uploads land in the bucket', () => {
  let s3: FakeS3;
  let cdn: FakeCdn;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    cdn = await startFakeCdn();
    t = await startTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
    await s3?.close();
  });

  it('stores downloaded images in the bucket under a public URL', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: t.auth,
      payload: {
        product: { id: null },
        source: { platform: 'ozon', itemId: 'oz-1', url: 'https://www.ozon.ru/product/1/', collectedAt: 1 },
        texts: [],
        images: [{ groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn.url}/png/s3.png`, index: 0, type: 'img', dedupeKey: 's3' }],
      },
    });
    const { product_id } = response.json();
    await t.container.cradle.downloadWorker.onIdle();
    const [asset] = (await t.app.inject({ method: 'GET', url: `/api/products/${product_id}/assets`, headers: t.auth })).json().items;
    expect(asset).toMatchObject({ status: 'stored', content_type: 'image/png' });
    expect(asset.stored_url).toBe(`${s3.endpoint}/${s3.bucket}/products/${product_id}/${asset.asset_id}.png`);
    const served = await fetch(asset.stored_url);
    expect(Buffer.from(await served.arrayBuffer()).equals(cdn.images.png)).toBe(true);
  });

  it('hands out presigned PUT URLs and no app upload route', async () => {
    const ticket = (await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: { content_type: 'image/jpeg' } })).json();
    expect(ticket.upload_url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/`)).toBe(true);
    const put = await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(cdn.images.jpeg) });
    expect(put.status).toBe(200);
    expect(Buffer.from(await (await fetch(ticket.stored_url)).arrayBuffer()).equals(cdn.images.jpeg)).toBe(true);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/uploads/x?sig=y', payload: cdn.images.jpeg, headers: { 'content-type': 'image/jpeg' } })).statusCode,
    ).toBe(404);
  });
});
