import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer } from '../../fakes/fake-server.ts';
import { startOpenAiImagesFake } from '../../fakes/openai-images.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertProduct, productPhoto, storeImage, waitForSuite } from './suite-support.ts';

describe('the global serial queue and failures, against the OpenAI fake', () => {
  let fake: Awaited<ReturnType<typeof startOpenAiImagesFake>>;
  let test: TestApp;
  beforeAll(async () => {
    fake = await startOpenAiImagesFake();
    test = await startTestApp({ env: { ...fake.env(), AI_IMAGE_TIMEOUT: '1500ms' } });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script.length = 0;
    fake.generations.length = 0;
    fake.delayMs = 0;
  });

  const generate = async (productId: string, mainUrl: string, plan: object[]) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/suite/generate',
      headers: test.auth,
      payload: { product_id: productId, images: [{ url: mainUrl, group_key: 'main', variant_name: null }], plan, model: 'gpt-image-1' },
    });
    expect(response.statusCode).toBe(202);
    return response.json<{ suite_id: string }>().suite_id;
  };

  it('never runs two generations at once, across suites and synchronous edits', async () => {
    fake.delayMs = 80;
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    const [first, second] = await Promise.all([
      generate(product.id, main, [{ kind: 'title', title: 'A', count: 3 }]),
      generate(product.id, main, [{ kind: 'detail', title: 'B', count: 2 }]),
    ]);
    const edit = await test.app.inject({
      method: 'POST',
      url: '/api/suite/image-edit',
      headers: test.auth,
      payload: { product_id: product.id, image_url: main, prompt: 'Сделать фон белым', model: 'gpt-image-1' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await waitForSuite(test, first)).status).toBe('done');
    expect((await waitForSuite(test, second)).status).toBe('done');

    const calls = [...fake.generations].sort((a, b) => a.startedAt - b.startedAt);
    expect(calls).toHaveLength(6);
    for (let index = 1; index < calls.length; index += 1) expect(calls[index]!.startedAt).toBeGreaterThanOrEqual(calls[index - 1]!.endedAt);
  });

  it('retries once after a 5xx or 429 and never after a 400; a failed image makes the job partial', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    fake.script.push(
      { kind: 'error', status: 503 },
      { kind: 'image' },
      { kind: 'error', status: 400, body: { error: { message: 'content policy' } } },
      { kind: 'error', status: 429 },
      { kind: 'error', status: 500 },
    );
    const suiteId = await generate(product.id, main, [
      { kind: 'title', title: 'Первое', count: 1 },
      { kind: 'detail', title: 'Второе', count: 1 },
      { kind: 'lifestyle', title: 'Третье', count: 1 },
    ]);
    const suite = await waitForSuite(test, suiteId);
    expect(suite.status).toBe('partial');
    expect(suite.images.map((image) => image.status)).toEqual(['ok', 'failed', 'failed']);
    expect(suite.images[1]!.error).toContain('HTTP 400');
    expect(suite.images[2]!.error).toContain('HTTP 500');
    expect(suite.error).toBe('2/3 张图片生成失败');
    // 503 + retry, 400 alone, 429 + one retry (500) and no third attempt.
    expect(fake.generations).toHaveLength(5);
    const assets = await test.container.cradle.assets.listByProduct(product.id);
    expect(assets.filter((asset) => asset.group_key === 'generated')).toHaveLength(1);
  });

  it('marks the job failed when every image fails, and still serves a zip listing the errors', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    fake.script.push({ kind: 'error', status: 401 });
    const suite = await waitForSuite(test, await generate(product.id, main, [{ kind: 'title', title: 'Одно', count: 1 }]));
    expect(suite.status).toBe('failed');
    const zip = await test.app.inject({ method: 'GET', url: `/api/suites/${suite.id}/zip`, headers: test.auth });
    expect(zip.statusCode).toBe(200);
  });

  it('answers 504 AI_TIMEOUT when the model does not answer in time, without retrying', async () => {
    const product = await insertProduct(test);
    const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto());
    fake.script.push({ kind: 'hang' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/suite/image-edit',
      headers: test.auth,
      payload: { product_id: product.id, image_url: main, prompt: 'Убрать фон', model: 'gpt-image-1' },
    });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'AI_TIMEOUT', detail: expect.stringContaining('重试') });
    expect(fake.generations).toHaveLength(1);
  });

  it('edits one image synchronously, downloading a foreign URL itself, and appends it when asked', async () => {
    const product = await insertProduct(test);
    const photo = await productPhoto();
    const cdn = await startFakeServer((request, response) => {
      response.writeHead(request.headers.referer ? 403 : 200, { 'content-type': 'image/jpeg' });
      response.end(photo);
    });
    try {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/suite/image-edit',
        headers: test.auth,
        payload: { product_id: product.id, image_url: `${cdn.url}/img/ibank/O1CN01.jpg`, prompt: 'Белый фон', model: 'gpt-image-1', append: true },
      });
      expect(response.statusCode).toBe(200);
      expect(cdn.requests).toHaveLength(1);
      const body = response.json<{ url: string; asset_id: string }>();
      expect(body.url).toMatch(/^\/media\/suites\//);
      const asset = await test.container.cradle.assets.findById(body.asset_id);
      expect(asset).toMatchObject({ group_key: 'generated', status: 'stored', stored_url: body.url, width: 1200, height: 1600 });
      const meta = await sharp((await test.app.inject({ method: 'GET', url: body.url })).rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 1600]);
    } finally {
      await cdn.close();
    }
  });
});

describe('a suite interrupted by a restart', () => {
  it('continues after the restart from the images it has, making none twice', async () => {
    const fake = await startOpenAiImagesFake();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-suite-resume-'));
    const apps: TestApp[] = [];
    try {
      const start = async () => (apps[apps.length] = await startTestApp({ dataDir, env: fake.env() }));
      const before = await start();
      fake.delayMs = 300;
      const product = await insertProduct(before);
      const main = await storeImage(before, `products/${product.id}/main.jpg`, await productPhoto());
      const generated = await before.app.inject({
        method: 'POST',
        url: '/api/suite/generate',
        headers: before.auth,
        payload: {
          product_id: product.id,
          images: [{ url: main, group_key: 'main', variant_name: null }],
          plan: [
            { kind: 'title', title: 'Кадр', count: 3 },
            { kind: 'detail', title: 'Деталь', count: 2 },
          ],
          model: 'gpt-image-1',
        },
      });
      const suiteId = generated.json<{ suite_id: string }>().suite_id;
      const progress = async (app: TestApp) =>
        (await app.app.inject({ method: 'GET', url: `/api/suites/${suiteId}`, headers: app.auth })).json<{ status: string; images: { name: string }[] }>();
      while ((await progress(before)).images.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      // Stopping finishes the image being made and drops the waiting ones.
      await before.close();
      const had = (await progress(await start())).images;
      expect(had.length).toBeLessThan(5);
      const after = apps[1]!;
      const suite = await waitForSuite(after, suiteId);
      expect(suite.status).toBe('done');
      expect(suite.images.slice(0, had.length)).toEqual(had);
      expect(suite.images.map((image) => image.name)).toEqual(['01-Кадр.jpg', '02-Кадр.jpg', '03-Кадр.jpg', '04-Деталь.jpg', '05-Деталь.jpg']);
      expect(fake.generations).toHaveLength(5);
      const generatedAssets = (await after.container.cradle.assets.listByProduct(product.id)).filter((asset) => asset.group_key === 'generated');
      expect(generatedAssets).toHaveLength(5);
    } finally {
      for (const app of apps) await app.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
