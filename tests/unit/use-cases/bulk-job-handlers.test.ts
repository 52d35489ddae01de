import { describe, expect, it } from 'vitest';
import { makeBulkJobHandlers } from '../../../src/application/use-cases/bulk-job-handlers.ts';
import { type GenerateSuiteInput } from '../../../src/application/use-cases/generate-suite.ts';
import { type PlanSuiteInput } from '../../../src/application/use-cases/plan-suite.ts';
import { type WriteCopyInput } from '../../../src/application/use-cases/write-copy.ts';
import { catalogKit } from './catalog-kit.ts';

/** The bulk handlers on the in-memory catalog; the AI use cases they hand each product to answer at once and keep what they were asked. */
function handlersKit() {
  const kit = catalogKit();
  const asked = { copy: [] as WriteCopyInput[], plan: [] as PlanSuiteInput[], suite: [] as GenerateSuiteInput[] };
  const handlers = makeBulkJobHandlers({
    products: kit.products,
    assets: kit.assets,
    writeCopy: async (input) => {
      asked.copy.push(input);
      return { title_ru: 'Полка', description_ru: 'Описание', tags: [], hashtags: '', text_zh: '', model: input.model ?? 'deepseek' };
    },
    planSuite: async (input) => {
      asked.plan.push(input);
      return { planner: 'rules', model: null, summary: '', items: [{ kind: 'title', count: 1 }], total: 1, warnings: [] } as never;
    },
    generateSuite: async (input) => {
      asked.suite.push(input);
      return { suite_id: `suite-for-${input.productId}` };
    },
  });
  return { ...kit, asked, handlers };
}

describe('bulk job handlers', () => {
  it('copy writes each product’s copy from its own name, with the job’s model', async () => {
    const kit = handlersKit();
    const product = await kit.given({ name: 'Полка' });
    expect(await kit.handlers.copy({ product_id: product.id }, { model: 'qwen' })).toEqual({ product_id: product.id, model: 'qwen' });
    expect(kit.asked.copy).toMatchObject([{ productId: product.id, title: 'Полка', model: 'qwen' }]);
    await expect(kit.handlers.copy({ product_id: kit.ids.nth(99) }, {})).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('suite plans from the counts of stored images per group and starts a suite from those images only', async () => {
    const kit = handlersKit();
    const product = await kit.given({ name: 'Полка' });
    const main = await kit.givenImage(product.id, { group_key: 'main' });
    const detail = await kit.givenImage(product.id, { group_key: 'detail' });
    await kit.givenImage(product.id, { group_key: 'detail', status: 'failed' });
    await kit.givenImage(product.id, { group_key: 'sku', status: 'pending' });
    expect(await kit.handlers.suite({ product_id: product.id }, { model: 'template' })).toEqual({
      product_id: product.id,
      suite_id: `suite-for-${product.id}`,
    });
    expect(kit.asked.plan).toMatchObject([{ productId: product.id, imageStats: { main: 1, sku: 0, detail: 1 } }]);
    expect(kit.asked.suite[0]).toMatchObject({ plan: [{ kind: 'title', count: 1 }], model: 'template' });
    expect(kit.asked.suite[0]!.images.map((image) => image.url)).toEqual([main.stored_url, detail.stored_url]);
  });

  it('suite uses the job’s plan when it carries one, without planning', async () => {
    const kit = handlersKit();
    const product = await kit.given({ name: 'Полка' });
    const plan = [{ kind: 'white_bg', count: 2 }];
    await kit.handlers.suite({ product_id: product.id }, { model: 'template', plan });
    expect([kit.asked.plan.length, kit.asked.suite[0]!.plan]).toEqual([0, plan]);
  });
});
