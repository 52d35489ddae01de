import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertProduct, productPhoto, storeImage, waitForSuite } from './suite-support.ts';

/** Mean absolute difference of two same-size images inside a region (0 = identical). */
async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const [pixelsA, pixelsB] = await Promise.all([a, b].map((image) => sharp(image).extract(region).raw().toBuffer()));
  let sum = 0;
  for (let index = 0; index < pixelsA!.length; index += 1) sum += Math.abs(pixelsA![index]! - pixelsB![index]!);
  return sum / pixelsA!.length;
}

const BOTTOM_RIGHT = { left: 700, top: 1400, width: 500, height: 200 };
const TOP_LEFT = { left: 0, top: 0, width: 500, height: 400 };

describe('watermarks and single-image edits with the template family', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => test.close());

  const suiteImage = async (productId: string, mainUrl: string, watermark: object | null): Promise<Buffer> => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/suite/generate',
      headers: test.auth,
      payload: { product_id: productId, images: [{ url: mainUrl, group_key: 'main', variant_name: null }], plan: [{ kind: 'white_bg', title: 'Главное', count: 1 }], watermark },
    });
    expect(response.statusCode).toBe(202);
    const suite = await waitForSuite(test, response.json<{ suite_id: string }>().suite_id);
    expect(suite.status).toBe('done');
    return (await test.app.inject({ method: 'GET', url: suite.images[0]!.url })).rawPayload;
  };

  it('draws a text or image watermark at the bottom right only, scaled by opacity', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    const plain = await suiteImage(product.id, main, null);
    const disabled = await suiteImage(product.id, main, { enabled: false, type: 'text', text: 'MyShop', opacity: 100 });
    const strong = await suiteImage(product.id, main, { enabled: true, type: 'text', text: 'MyShop', opacity: 100 });
    const faint = await suiteImage(product.id, main, { enabled: true, type: 'text', text: 'MyShop', opacity: 20 });
    const logo = await storeImage(test, 'logos/shop.png', await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer());
    const imageMark = await suiteImage(product.id, main, { enabled: true, type: 'image', image_url: logo, opacity: 60 });

    expect(await regionDifference(plain, disabled, BOTTOM_RIGHT)).toBe(0);
    const strongDiff = await regionDifference(plain, strong, BOTTOM_RIGHT);
    const faintDiff = await regionDifference(plain, faint, BOTTOM_RIGHT);
    expect(strongDiff).toBeGreaterThan(1);
    expect(faintDiff).toBeGreaterThan(0);
    expect(faintDiff).toBeLessThan(strongDiff);
    expect(await regionDifference(plain, imageMark, BOTTOM_RIGHT)).toBeGreaterThan(1);
    for (const marked of [strong, imageMark]) expect(await regionDifference(plain, marked, TOP_LEFT)).toBeLessThan(0.5);
  });

  it('refuses a text watermark without text with 422', async () => {
    const product = await insertProduct(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/suite/generate',
      headers: test.auth,
      payload: { product_id: product.id, plan: [{ kind: 'title', count: 1 }], watermark: { enabled: true, type: 'text', text: ' ', opacity: 50 } },
    });
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([422, 'WATERMARK_TEXT_REQUIRED']);
  });

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
    const untouched = await sharp(await productPhoto()).resize(1200, 1600, { fit: 'contain', background: '#fff' }).jpeg().toBuffer();
    expect(await regionDifference(untouched, edited, { left: 0, top: 1450, width: 1200, height: 150 })).toBeGreaterThan(5);
  });

  it('answers 4xx for unreadable or missing images and missing fields', async () => {
    const broken = await storeImage(test, 'broken/not-an-image.jpg', Buffer.from('definitely not an image'));
    const unreadable = await test.app.inject({ method: 'POST', url: '/api/image/edit', headers: test.auth, payload: { image_url: broken, operation: 'text_overlay', text: 'Текст' } });
    expect([unreadable.statusCode, unreadable.json<{ code: string }>().code]).toEqual([415, 'IMAGE_UNREADABLE']);
    const missing = await test.app.inject({ method: 'POST', url: '/api/image/edit', headers: test.auth, payload: { image_url: '/media/nothing/here.jpg', operation: 'text_overlay', text: 'Текст' } });
    expect(missing.statusCode).toBe(404);
    const relative = await test.app.inject({ method: 'POST', url: '/api/image/edit', headers: test.auth, payload: { image_url: 'file:///etc/passwd', operation: 'custom', prompt: 'x' } });
    expect(relative.statusCode).toBe(422);
    const noPrompt = await test.app.inject({ method: 'POST', url: '/api/suite/image-edit', headers: test.auth, payload: { product_id: '00000000-0000-4000-8000-000000000000', image_url: broken } });
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
