import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { addProductImage, contactSheet, insertProduct, productPhoto, shelfPhoto, storeImage, waitForSuite } from './suite-support.ts';

/** The offline template family as a seller meets it (issue 17 §3): real references, distinct cards, honest refusals. */
describe('the offline template family', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => test.close());

  const generate = (payload: object) => test.app.inject({ method: 'POST', url: '/api/suite/generate', headers: test.auth, payload });

  it('refuses a suite without any reference image with 422 NO_REFERENCE_IMAGE, and uses the stored product images when none are named', async () => {
    const bare = await insertProduct(test, { name: 'Полка' });
    const refused = await generate({ product_id: bare.id, plan: [{ kind: 'title', count: 1 }] });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([422, 'NO_REFERENCE_IMAGE']);
    expect(refused.json<{ detail: string }>().detail).toMatch(/\p{Script=Han}/u);

    const stocked = await insertProduct(test, { name: 'Полка' });
    await addProductImage(test, stocked.id, await productPhoto());
    const started = await generate({ product_id: stocked.id, plan: [{ kind: 'white_bg', count: 1 }] });
    expect(started.statusCode).toBe(202);
    const suite = await waitForSuite(test, started.json<{ suite_id: string }>().suite_id);
    expect(suite.images.map((image) => image.status)).toEqual(['ok']);
  });

  it('refuses an edit the template cannot follow with 422 MODEL_CANNOT_FOLLOW_PROMPT instead of reporting an unchanged image', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    for (const [url, payload] of [
      ['/api/image/edit', { image_url: main, operation: 'replace_background', prompt: '把背景换成纯白色', model: 'template', product_id: product.id }],
      ['/api/suite/image-edit', { image_url: main, prompt: '把背景换成纯白色', model: 'template', product_id: product.id }],
    ] as const) {
      const response = await test.app.inject({ method: 'POST', url, headers: test.auth, payload });
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([422, 'MODEL_CANNOT_FOLLOW_PROMPT']);
      expect(response.json<{ detail: string }>().detail).toMatch(/不能按文字要求/);
    }
    expect((await test.container.cradle.assets.listByProduct(product.id)).filter((asset) => asset.group_key === 'generated')).toEqual([]);
  });

  it('makes every image of a suite different: no two byte-identical files, even with repeated kinds', async () => {
    const product = await insertProduct(test, { name: 'Полка для ванной', depth: 300, width: 200, height: 150, weight: 450 });
    await addProductImage(test, product.id, await shelfPhoto());
    const plan = ['white_bg', 'title', 'selling_points', 'lifestyle', 'detail', 'size_chart', 'material', 'package_contents', 'usage_steps', 'comparison'].map(
      (kind) => ({
        kind,
        count: ['selling_points', 'lifestyle', 'detail'].includes(kind) ? 2 : 1,
      }),
    );
    const texts = [
      { kind: 'title', content: 'Полка для ванной без сверления' },
      { kind: 'selling_point', content: 'Нержавеющая сталь' },
      { kind: 'selling_point', content: 'Держит до 10 кг' },
    ];
    const started = await generate({ product_id: product.id, plan, texts });
    expect(started.statusCode).toBe(202);
    const suite = await waitForSuite(test, started.json<{ suite_id: string }>().suite_id);
    expect(suite.images).toHaveLength(13);
    expect(suite.images.every((image) => image.status === 'ok')).toBe(true);
    const files = await Promise.all(suite.images.map(async (image) => (await test.app.inject({ method: 'GET', url: image.url })).rawPayload));
    const hashes = files.map((bytes) => createHash('sha256').update(bytes).digest('hex'));
    expect(new Set(hashes).size).toBe(hashes.length);
    // UPDATE_SCREENSHOTS=1 refreshes the suite's contact sheet among the page screenshots.
    if (process.env.UPDATE_SCREENSHOTS) writeFileSync(path.resolve('web/screenshots/35-template-suite-contact-sheet.png'), await contactSheet(files));
  });
});
