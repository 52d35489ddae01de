import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { addProductImage, insertProduct, productPhoto, storeImage, unzip, waitForSuite } from './suite-support.ts';

/** The "no keys at all" flow of issue 5: rules planner, template family, polling, zip, generated assets. */
for (const database of testDatabases()) {
  describe(`image suite without any AI key (${database.name})`, () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ database });
    });
    afterAll(async () => test.close());

    it('lists the catalog with only the template family configured, and it is the default image model', async () => {
      const response = await test.app.inject({ method: 'GET', url: '/api/ai/models', headers: test.auth });
      expect(response.statusCode).toBe(200);
      const models = response.json<{ models: { id: string; kind: string; family: string; configured: boolean; default: boolean }[] }>().models;
      expect(models.filter((model) => model.configured).map((model) => model.family)).toEqual(['template']);
      expect(models.find((model) => model.default && model.kind === 'image')?.family).toBe('template');
      // Each entry names the key that would configure it (the page says so before a click, issue 32 item 10); the template needs none.
      const keyOf = (family: string) => (models as unknown as { family: string; key_env: string | null }[]).find((model) => model.family === family)?.key_env;
      expect([keyOf('deepseek'), keyOf('claude'), keyOf('qwen-image'), keyOf('template')]).toEqual([
        'DEEPSEEK_API_KEY',
        'ANTHROPIC_API_KEY',
        'DASHSCOPE_API_KEY',
        null,
      ]);
      expect(response.body).not.toMatch(/sk-|api_key"/u);
      expect(new Set(models.map((model) => model.family))).toEqual(
        new Set(['claude', 'deepseek', 'qwen', 'doubao', 'openai', 'gpt-image', 'gemini-image', 'seedream', 'qwen-image', 'template']),
      );
    });

    it('plans, generates, reports progress, zips, and records the images as generated assets', async () => {
      const product = await insertProduct(test, { name: 'Органайзер для ванной', depth: 300, width: 200, height: 150, weight: 450 });
      const main = await storeImage(test, `products/${product.id}/main-1.jpg`, await productPhoto());
      const red = await storeImage(test, `products/${product.id}/sku-red.jpg`, await productPhoto({ r: 220, g: 0, b: 0 }));
      const texts = [
        { kind: 'title', content: '浴室置物架 免打孔 不锈钢' },
        { kind: 'params', content: '尺寸 30x20x15cm', pairs: [{ key: '材质', value: '不锈钢' }] },
        { kind: 'selling_point', content: 'Не требует сверления' },
        { kind: 'selling_point', content: 'Нержавеющая сталь' },
      ];
      const planned = await test.app.inject({
        method: 'POST',
        url: '/api/suite/plan',
        headers: test.auth,
        payload: { product_id: product.id, texts, sku_variants: ['Red'], image_stats: { main: 1, sku: 1, detail: 0 }, platform: 'ozon' },
      });
      expect(planned.statusCode).toBe(200);
      const plan = planned.json<{
        planner: string;
        total: number;
        items: { kind: string; count: number; variant_name: string | null }[];
        warnings: string[];
      }>();
      expect(plan.planner).toBe('rules');
      expect(plan.total).toBeGreaterThanOrEqual(8);
      expect(plan.total).toBeLessThanOrEqual(15);
      expect(plan.warnings).toEqual([]);
      expect(plan.items.find((item) => item.kind === 'sku_variant')?.variant_name).toBe('Red');

      const generated = await test.app.inject({
        method: 'POST',
        url: '/api/suite/generate',
        headers: test.auth,
        payload: {
          product_id: product.id,
          texts,
          images: [
            { url: main, group_key: 'main', variant_name: null },
            { url: red, group_key: 'sku', variant_name: 'Red' },
          ],
          plan: plan.items,
          platform: 'ozon',
          model: 'template',
        },
      });
      expect(generated.statusCode).toBe(202);
      const suiteId = generated.json<{ suite_id: string }>().suite_id;

      const suite = await waitForSuite(test, suiteId);
      expect(suite.status).toBe('done');
      expect(suite.images).toHaveLength(plan.total);
      expect(suite.total).toBe(plan.total);
      expect(suite.images.map((image) => image.name)).toEqual(
        suite.images.map((_, index) => expect.stringMatching(new RegExp(`^${String(index + 1).padStart(2, '0')}-.+\\.jpg$`))),
      );
      for (const image of suite.images) expect(image.url).toBe(`/media/suites/${suiteId}/${encodeURIComponent(image.name)}`);

      const first = await test.app.inject({ method: 'GET', url: suite.images[0]!.url });
      expect(first.statusCode).toBe(200);
      const meta = await sharp(first.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1600]);

      const zip = await test.app.inject({ method: 'GET', url: `/api/suites/${suiteId}/zip`, headers: test.auth });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = unzip(zip.rawPayload);
      expect([...entries.keys()]).toEqual(suite.images.map((image) => image.name));
      expect(entries.get(suite.images[0]!.name)?.equals(first.rawPayload)).toBe(true);

      const assets = await test.container.cradle.assets.listByProduct(product.id);
      const generatedAssets = assets.filter((asset) => asset.group_key === 'generated');
      expect(generatedAssets.map((asset) => asset.stored_url).sort()).toEqual(suite.images.map((image) => image.url).sort());
      expect(generatedAssets.every((asset) => asset.status === 'stored' && asset.width === 1200 && asset.height === 1600)).toBe(true);
      expect(generatedAssets.find((asset) => asset.variant_name === 'Red')).toBeDefined();
    });

    it("plans from the product's collected texts when only its id is sent", async () => {
      const product = await insertProduct(test, {
        raw: {
          texts: [
            { kind: 'params', content: '材质：不锈钢' },
            { kind: 'desc', content: '包装清单：置物架×1，螺丝×4' },
          ],
        },
      });
      const response = await test.app.inject({ method: 'POST', url: '/api/suite/plan', headers: test.auth, payload: { product_id: product.id } });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ items: { kind: string }[] }>().items.map((item) => item.kind)).toEqual(expect.arrayContaining(['material', 'package_contents']));
    });

    it('answers 409 for the zip of an unfinished job and 404 for unknown jobs', async () => {
      const product = await insertProduct(test);
      await addProductImage(test, product.id, await productPhoto());
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const blocker = test.container.cradle.generationQueue.run(() => gate);
      const generated = await test.app.inject({
        method: 'POST',
        url: '/api/suite/generate',
        headers: test.auth,
        payload: { product_id: product.id, texts: [], images: [], plan: [{ kind: 'white_bg', title: 'Главное фото', count: 1 }], model: 'template' },
      });
      const suiteId = generated.json<{ suite_id: string }>().suite_id;
      const pending = await test.app.inject({ method: 'GET', url: `/api/suites/${suiteId}`, headers: test.auth });
      expect(pending.json<{ status: string; images: unknown[] }>()).toMatchObject({ status: 'pending', images: [] });
      const early = await test.app.inject({ method: 'GET', url: `/api/suites/${suiteId}/zip`, headers: test.auth });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'SUITE_NOT_FINISHED' });
      release();
      await blocker;
      expect((await waitForSuite(test, suiteId)).status).toBe('done');

      for (const url of ['/api/suites/nope', '/api/suites/nope/zip']) {
        const missing = await test.app.inject({ method: 'GET', url, headers: test.auth });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'SUITE_NOT_FOUND' });
      }
    });

    it('refuses an empty plan, an unknown model and an unknown product with 4xx', async () => {
      const product = await insertProduct(test);
      const send = (payload: object) => test.app.inject({ method: 'POST', url: '/api/suite/generate', headers: test.auth, payload });
      const empty = await send({
        product_id: product.id,
        plan: [
          { kind: 'poster', count: 2 },
          { kind: 'title', count: 0 },
        ],
      });
      expect([empty.statusCode, empty.json<{ code: string }>().code]).toEqual([422, 'EMPTY_PLAN']);
      const unknown = await send({ product_id: product.id, plan: [{ kind: 'title', count: 1 }], model: 'dall-e-9' });
      expect([unknown.statusCode, unknown.json<{ code: string }>().code]).toEqual([422, 'UNKNOWN_MODEL']);
      const keyless = await send({ product_id: product.id, plan: [{ kind: 'title', count: 1 }], model: 'gpt-image-1' });
      expect([keyless.statusCode, keyless.json<{ code: string }>().code]).toEqual([503, 'AI_NOT_CONFIGURED']);
      const missing = await send({ product_id: '00000000-0000-4000-8000-000000000000', plan: [{ kind: 'title', count: 1 }] });
      expect(missing.statusCode).toBe(404);
    });

    it('answers 503 AI_NOT_CONFIGURED for copy without a key', async () => {
      const response = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { title: '浴室置物架' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED', detail: expect.stringMatching(/\p{Script=Han}/u) });
    });
  });
}

describe('suite jobs after a restart', () => {
  it("answers a job created before the restart, and lists the product's suites newest first", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-suite-restart-'));
    try {
      const before = await startTestApp({ dataDir });
      const product = await insertProduct(before);
      await addProductImage(before, product.id, await productPhoto());
      const generate = async (title: string): Promise<string> => {
        const generated = await before.app.inject({
          method: 'POST',
          url: '/api/suite/generate',
          headers: before.auth,
          payload: { product_id: product.id, plan: [{ kind: 'title', title, count: 1 }] },
        });
        return generated.json<{ suite_id: string }>().suite_id;
      };
      const first = await generate('Новинка');
      const finished = await waitForSuite(before, first);
      expect(finished.status).toBe('done');
      const second = await generate('Хит');
      await waitForSuite(before, second);
      await before.close();
      const after = await startTestApp({ dataDir });
      try {
        const response = await after.app.inject({ method: 'GET', url: `/api/suites/${first}`, headers: after.auth });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(finished);
        const listed = await after.app.inject({ method: 'GET', url: `/api/products/${product.id}/suites`, headers: after.auth });
        expect(listed.json<{ items: { id: string; product_id: string }[] }>().items.map((item) => [item.id, item.product_id])).toEqual([
          [second, product.id],
          [first, product.id],
        ]);
        const unknown = await after.app.inject({ method: 'GET', url: `/api/products/${crypto.randomUUID()}/suites`, headers: after.auth });
        expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
        expect((await after.app.inject({ method: 'GET', url: `/api/suites/${crypto.randomUUID()}`, headers: after.auth })).statusCode).toBe(404);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
