import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArkFake } from '../../fakes/ark.ts';
import { startDashScopeFake } from '../../fakes/dashscope.ts';
import { startGeminiFake } from '../../fakes/gemini.ts';
import { type ImageProviderFake } from '../../fakes/image-provider.ts';
import { startOpenAiImagesFake } from '../../fakes/openai-images.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { addProductImage, insertProduct, productPhoto } from './suite-support.ts';

type JobBody = {
  status: string;
  total: number;
  done: number;
  failed: number;
  items: { asset_id: string; new_asset_id?: string | null; status: string; error: string | null }[];
};

async function settled(test: TestApp, id: string): Promise<JobBody> {
  const until = Date.now() + 60_000;
  for (;;) {
    const body = (await test.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: test.auth })).json<JobBody>();
    if (body.status === 'done') return body;
    if (Date.now() > until) throw new Error(`job ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Start = () => Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }>;
const FAMILIES: Record<string, { model: string; start: Start }> = {
  'qwen-image': { model: 'qwen-image-edit-plus', start: startDashScopeFake },
  'gpt-image': { model: 'gpt-image-1', start: startOpenAiImagesFake },
  'gemini-image': { model: 'gemini-2.5-flash-image', start: startGeminiFake },
  seedream: { model: 'doubao-seedream-4-0-250828', start: startArkFake },
};

for (const [family, spec] of Object.entries(FAMILIES)) {
  describe(`image text translation with ${family}`, () => {
    let fake: ImageProviderFake & { env: (key?: string) => Record<string, string> };
    let test: TestApp;
    beforeAll(async () => {
      fake = await spec.start();
      test = await startTestApp({ env: fake.env() });
    });
    afterAll(async () => {
      await test.close();
      await fake.close();
    });

    it('replaces the Chinese text of each chosen image through the model and appends the results in `translated`', async () => {
      const product = await insertProduct(test);
      const first = await addProductImage(test, product.id, await productPhoto(), 'detail', 0);
      const second = await addProductImage(test, product.id, await productPhoto({ r: 0, g: 0, b: 200 }), 'detail', 1);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/image/translate',
        headers: test.auth,
        payload: { product_id: product.id, asset_ids: [first, second], model: spec.model },
      });
      expect(response.statusCode).toBe(202);
      const job = await settled(test, response.json<{ job_id: string }>().job_id);
      expect(job).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
      expect(job.items.map((item) => [item.asset_id, item.status, item.error])).toEqual([
        [first, 'done', null],
        [second, 'done', null],
      ]);
      const assets = await test.container.cradle.assets.listByProduct(product.id);
      const translated = assets.filter((asset) => asset.group_key === 'translated');
      expect(translated.map((asset) => asset.asset_id).sort()).toEqual(job.items.map((item) => item.new_asset_id).sort());
      expect(translated.every((asset) => asset.status === 'stored' && asset.stored_url)).toBe(true);
      expect(assets.filter((asset) => asset.group_key === 'detail').map((asset) => asset.asset_id)).toEqual([first, second]);
      expect(fake.generations).toHaveLength(2);
      expect(
        fake.generations.every((generation) =>
          generation.request.body.toString('latin1').includes('Replace every Chinese text in this image with its natural Russian translation'),
        ),
      ).toBe(true);

      // Each translation names its source (the assets API says so), and the rich content shows it in that picture's place.
      const translationOf = new Map(job.items.map((item) => [item.asset_id, String(item.new_asset_id)]));
      const listed = (await test.app.inject({ method: 'GET', url: `/api/products/${product.id}/assets`, headers: test.auth })).json<{
        items: { asset_id: string; translated_from?: string | null }[];
      }>();
      expect(
        listed.items
          .filter((asset) => asset.translated_from)
          .map((asset) => [asset.translated_from, asset.asset_id])
          .sort(),
      ).toEqual([...translationOf.entries()].sort());
      const third = await addProductImage(test, product.id, await productPhoto({ r: 0, g: 160, b: 0 }), 'detail', 2);
      const built = await test.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/rich-content`,
        headers: test.auth,
        payload: { images: 'detail', text: false },
      });
      const urlOf = new Map((await test.container.cradle.assets.listByProduct(product.id)).map((asset) => [asset.asset_id, asset.stored_url]));
      const pictures = built
        .json<{ rich_content: { content: { blocks: { img: { src: string } }[] }[] } }>()
        .rich_content.content.map((widget) => widget.blocks[0]!.img.src);
      expect(pictures).toEqual([translationOf.get(first)!, translationOf.get(second)!, third].map((id) => urlOf.get(id)));
    });
  });
}

describe('image text translation refusals', () => {
  let fake: ImageProviderFake & { env: (key?: string) => Record<string, string> };
  let test: TestApp;
  beforeAll(async () => {
    fake = await startDashScopeFake();
    test = await startTestApp({ env: fake.env() });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const translate = (payload: object) => test.app.inject({ method: 'POST', url: '/api/image/translate', headers: test.auth, payload });

  it('answers Chinese 4xx: the template, an unknown or keyless model, 51 assets, an asset of another product', async () => {
    const product = await insertProduct(test);
    const mine = await addProductImage(test, product.id, await productPhoto());
    const other = await insertProduct(test);
    const theirs = await addProductImage(test, other.id, await productPhoto());
    const cases: [object, number, string][] = [
      [{ product_id: product.id, asset_ids: [mine], model: 'template' }, 422, 'MODEL_CANNOT_EDIT_TEXT'],
      [{ product_id: product.id, asset_ids: [mine], model: 'dall-e-9' }, 422, 'UNKNOWN_MODEL'],
      [{ product_id: product.id, asset_ids: [mine], model: 'gpt-image-1' }, 503, 'AI_NOT_CONFIGURED'],
      [{ product_id: product.id, asset_ids: Array.from({ length: 51 }, () => mine) }, 422, 'VALIDATION_FAILED'],
      [{ product_id: product.id, asset_ids: [mine, theirs] }, 422, 'ASSET_NOT_USABLE'],
      [{ product_id: '00000000-0000-4000-8000-000000000000', asset_ids: [mine] }, 404, 'PRODUCT_NOT_FOUND'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await translate(payload);
      expect([response.statusCode, response.json<{ code: string }>().code], JSON.stringify(payload).slice(0, 80)).toEqual([status, code]);
      expect(response.json<{ detail: string }>().detail).toMatch(/\p{Script=Han}/u);
      if (status === 503) expect(response.json<{ detail: string }>().detail).toContain('OPENAI_API_KEY');
    }
    const mixed = await translate({ product_id: product.id, asset_ids: [mine, theirs] });
    expect(mixed.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([{ path: '/asset_ids/1', message: '该图片不属于这个商品' }]);
    expect(fake.generations).toHaveLength(0);
  });
});
