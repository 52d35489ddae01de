import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OneKeyVendor, startOneKeyVendor } from '../../fakes/one-key-vendor.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { addProductImage, insertProduct, productPhoto } from './suite-support.ts';

const COPY = {
  title_ru: 'Полка для ванной без сверления',
  description_ru: 'Прочная полка из нержавеющей стали.',
  tags: ['полка'],
  text_zh: '免打孔浴室置物架',
};
const PLAN = {
  summary: '白底加卖点',
  items: [
    { kind: 'white_bg', title: '白底', detail: '', prompt_hint: '', count: 1, variant_name: null },
    { kind: 'selling_points', title: '卖点', detail: '', prompt_hint: '', count: 3, variant_name: null },
  ],
};
type Model = { id: string; kind: string; family: string; label: string; configured: boolean; default: boolean };
type Job = { status: string; done: number; failed: number; items: { new_asset_id: string | null }[] };

/**
 * A seller holding one key: the same key and base URL serve copy, suite plans and image text translation.
 * Ark sellers often call models through endpoint ids (`ep-…`), set by DOUBAO_MODEL and SEEDREAM_MODEL.
 */
const SELLERS = {
  dashscope: { extra: {}, text: { family: 'qwen', id: 'qwen-plus' }, image: { family: 'qwen-image', id: 'qwen-image-edit-plus' } },
  ark: {
    extra: { DOUBAO_MODEL: 'ep-20251125-copy', SEEDREAM_MODEL: 'ep-20251125-image' },
    text: { family: 'doubao', id: 'ep-20251125-copy' },
    image: { family: 'seedream', id: 'ep-20251125-image' },
  },
} as const;

for (const [seller, spec] of Object.entries(SELLERS)) {
  describe(`a seller with only a ${seller} key`, () => {
    let vendor: OneKeyVendor;
    let test: TestApp;
    beforeAll(async () => {
      vendor = await startOneKeyVendor(seller as keyof typeof SELLERS, spec.extra);
      test = await startTestApp({ env: vendor.env });
    });
    afterAll(async () => {
      await test.close();
      await vendor.close();
    });

    it('sees that vendor’s text and image models (and the template) as the configured defaults', async () => {
      const models = (await test.app.inject({ method: 'GET', url: '/api/ai/models', headers: test.auth })).json<{ models: Model[] }>().models;
      expect(models.filter((model) => model.configured).map((model) => [model.kind, model.family, model.id, model.default])).toEqual([
        ['text', spec.text.family, spec.text.id, true],
        ['image', spec.image.family, spec.image.id, true],
        ['image', 'template', 'template', false],
      ]);
      if (seller === 'ark')
        expect(models.filter((model) => model.id.startsWith('ep-')).map((model) => model.label)).toEqual([
          '豆包（ep-20251125-copy）',
          '豆包 Seedream（ep-20251125-image）',
        ]);
    });

    it('writes copy, plans a suite and translates the text in two images, all through the one base URL', async () => {
      const { chat, images } = vendor;
      const product = await insertProduct(test, { name: '浴室置物架' });
      chat.script.push({ kind: 'answer', value: COPY }, { kind: 'answer', value: PLAN });
      const copy = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { product_id: product.id, title: '浴室置物架' } });
      expect([copy.statusCode, copy.json<{ title_ru: string; model: string }>()]).toMatchObject([200, { title_ru: COPY.title_ru, model: spec.text.id }]);
      const plan = await test.app.inject({
        method: 'POST',
        url: '/api/suite/plan',
        headers: test.auth,
        payload: { product_id: product.id, title: '浴室置物架', image_stats: { main: 1, sku: 0, detail: 0 } },
      });
      expect([plan.statusCode, plan.json<{ planner: string; model: string; total: number }>()]).toMatchObject([
        200,
        { planner: 'model', model: spec.text.id, total: 4 },
      ]);
      expect(chat.bodies().map((body) => body.model)).toEqual([spec.text.id, spec.text.id]);

      const sources = [
        await addProductImage(test, product.id, await productPhoto(), 'main', 0),
        await addProductImage(test, product.id, await productPhoto({ r: 0, g: 90, b: 200 }), 'detail', 0),
      ];
      const queued = await test.app.inject({
        method: 'POST',
        url: '/api/image/translate',
        headers: test.auth,
        payload: { product_id: product.id, asset_ids: sources },
      });
      expect(queued.statusCode).toBe(202);
      const job = await settled(test, queued.json<{ job_id: string }>().job_id);
      expect(job).toMatchObject({ status: 'done', done: 2, failed: 0 });
      const assets = await test.container.cradle.assets.listByProduct(product.id);
      expect(
        assets
          .filter((asset) => asset.group_key === 'translated')
          .map((asset) => asset.asset_id)
          .sort(),
      ).toEqual(job.items.map((item) => item.new_asset_id).sort());
      expect(assets.filter((asset) => asset.group_key !== 'translated').map((asset) => asset.asset_id)).toEqual(sources);
      expect(images.generations.map((generation) => (JSON.parse(generation.request.body.toString('utf8')) as { model: string }).model)).toEqual([
        spec.image.id,
        spec.image.id,
      ]);
    });
  });
}

async function settled(test: TestApp, id: string): Promise<Job> {
  const until = Date.now() + 60_000;
  for (;;) {
    const job = (await test.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: test.auth })).json<Job>();
    if (job.status === 'done' || Date.now() > until) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
