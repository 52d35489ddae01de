import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { regionDifference } from './image-regions.ts';
import { insertProduct, productPhoto, storeImage, waitForSuite } from './suite-support.ts';

const BOTTOM_RIGHT = { left: 700, top: 1400, width: 500, height: 200 };
const TOP_LEFT = { left: 0, top: 0, width: 500, height: 400 };

describe('watermarks on suite images with the template family', () => {
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
      payload: {
        product_id: productId,
        images: [{ url: mainUrl, group_key: 'main', variant_name: null }],
        plan: [{ kind: 'white_bg', title: 'Главное', count: 1 }],
        watermark,
      },
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
    const logo = await storeImage(
      test,
      'logos/shop.png',
      await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
        .png()
        .toBuffer(),
    );
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
});
