import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { regionDifference } from './image-regions.ts';
import { insertProduct, productPhoto, storeImage, waitForSuite } from './suite-support.ts';

describe('single-image edits and the earlier one-image suite with the template family', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => test.close());

  it('overlays Russian text locally and stores a marketplace card', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/image/edit',
      headers: test.auth,
      payload: { image_url: main, operation: 'text_overlay', text: 'Скидка 20%', product_id: product.id, append: true },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ url: string; asset_id: string | null }>();
    expect(body.asset_id).not.toBeNull();
    const edited = (await test.app.inject({ method: 'GET', url: body.url })).rawPayload;
    const meta = await sharp(edited).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    const untouched = await sharp(await productPhoto())
      .resize(1200, 1600, { fit: 'contain', background: '#fff' })
      .jpeg()
      .toBuffer();
    expect(await regionDifference(untouched, edited, { left: 0, top: 1450, width: 1200, height: 150 })).toBeGreaterThan(5);
  });

  it('answers 4xx for unreadable or missing images and missing fields', async () => {
    const broken = await storeImage(test, 'broken/not-an-image.jpg', Buffer.from('definitely not an image'));
    const unreadable = await test.app.inject({
      method: 'POST',
      url: '/api/image/edit',
      headers: test.auth,
      payload: { image_url: broken, operation: 'text_overlay', text: 'Текст' },
    });
    expect([unreadable.statusCode, unreadable.json<{ code: string }>().code]).toEqual([415, 'IMAGE_UNREADABLE']);
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/image/edit',
      headers: test.auth,
      payload: { image_url: '/media/nothing/here.jpg', operation: 'text_overlay', text: 'Текст' },
    });
    expect(missing.statusCode).toBe(404);
    const relative = await test.app.inject({
      method: 'POST',
      url: '/api/image/edit',
      headers: test.auth,
      payload: { image_url: 'file:///etc/passwd', operation: 'custom', prompt: 'x' },
    });
    expect(relative.statusCode).toBe(422);
    const noPrompt = await test.app.inject({
      method: 'POST',
      url: '/api/suite/image-edit',
      headers: test.auth,
      payload: { product_id: '00000000-0000-4000-8000-000000000000', image_url: broken },
    });
    expect(noPrompt.statusCode).toBe(422);
  });

  it('runs the earlier /image/suite endpoint as a suite job on the same queue', async () => {
    const product = await insertProduct(test, { name: 'Полка' });
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/image/suite',
      headers: test.auth,
      payload: { product_id: product.id, image_url: main, selling_points: ['Нержавеющая сталь', 'Без сверления'] },
    });
    expect(response.statusCode).toBe(202);
    const suite = await waitForSuite(test, response.json<{ suite_id: string }>().suite_id);
    expect(suite.status).toBe('done');
    expect(suite.total).toBeGreaterThanOrEqual(8);
  });
});

describe('image edits and user-given URLs', () => {
  it('refuses to fetch a loopback address through the guarded client (SSRF) with 422', async () => {
    const test = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
    try {
      const product = await insertProduct(test);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/suite/image-edit',
        headers: test.auth,
        payload: { product_id: product.id, image_url: 'http://127.0.0.1:9/admin.png', prompt: 'Белый фон', model: 'template' },
      });
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([422, 'OUTBOUND_REFUSED']);
    } finally {
      await test.close();
    }
  });
});
