import { describe, expect, it } from 'vitest';
import { type ModelCatalog } from '../../../src/application/ports/model-catalog.ts';
import { type CopyRequest, type TextModel } from '../../../src/application/ports/text-model.ts';
import { makePlanSuite } from '../../../src/application/use-cases/plan-suite.ts';
import { makeWriteCopy } from '../../../src/application/use-cases/write-copy.ts';
import { type CopyDraft } from '../../../src/domain/ai/copy.ts';
import { DomainError } from '../../../src/domain/common/errors.ts';

/** An in-memory text model answering scripted drafts and plans, remembering the requests it got. */
function scriptedModel(drafts: CopyDraft[], plan: unknown[] = []): TextModel & { requests: CopyRequest[] } {
  const requests: CopyRequest[] = [];
  return {
    id: 'fake-claude',
    requests,
    async writeCopy(request) {
      requests.push(request);
      const draft = drafts.shift();
      if (!draft) throw new Error('no more drafts');
      return draft;
    },
    async planSuite() {
      return { summary: 'model plan', items: plan };
    },
  };
}

function catalogWith(model: TextModel | undefined): ModelCatalog {
  return {
    list: () => [],
    imageModel: () => {
      throw new Error('not used');
    },
    textModel: () => {
      if (!model) throw new DomainError('not_configured', 'AI_NOT_CONFIGURED', '未配置');
      return model;
    },
    hasTextModel: () => model !== undefined,
  };
}

const noProducts = { findById: async () => undefined } as never;
const clock = { now: () => new Date('2026-11-21T12:00:00Z') };
const GOOD: CopyDraft = { title_ru: 'Полка', description_ru: 'Описание', tags: ['полка'], text_zh: '置物架' };
const copyInput = { productId: null, title: '置物架', texts: [], attributes: {}, skuVariants: [], keywords: [], model: null, requirements: null };

describe('write copy', () => {
  it('asks again once, naming the fields, when the Russian fields contain Chinese', async () => {
    const model = scriptedModel([{ ...GOOD, tags: ['полка', '架'] }, GOOD]);
    const writeCopy = makeWriteCopy({ catalog: catalogWith(model), products: noProducts, clock });
    await expect(writeCopy(copyInput)).resolves.toEqual({ ...GOOD, hashtags: '#полка', model: 'fake-claude' });
    expect(model.requests.map((request) => request.correction)).toEqual([null, expect.stringContaining('tags')]);
  });

  it('gives up after the corrective retry', async () => {
    const model = scriptedModel([{ ...GOOD, title_ru: '架' }, { ...GOOD, title_ru: '架子' }, GOOD]);
    const writeCopy = makeWriteCopy({ catalog: catalogWith(model), products: noProducts, clock });
    await expect(writeCopy(copyInput)).rejects.toMatchObject({ code: 'AI_BAD_OUTPUT', kind: 'upstream_failed' });
    expect(model.requests).toHaveLength(2);
  });

  it('is not configured without a text model', async () => {
    const writeCopy = makeWriteCopy({ catalog: catalogWith(undefined), products: noProducts, clock });
    await expect(writeCopy(copyInput)).rejects.toMatchObject({ code: 'AI_NOT_CONFIGURED' });
  });
});

describe('plan suite', () => {
  const input = {
    productId: null,
    title: null,
    platform: 'ozon',
    model: null,
    texts: [],
    skuVariants: ['Red'],
    imageStats: { main: 1, sku: 1, detail: 0 },
    requirements: null,
  };

  it('uses the rules planner without a text model', async () => {
    const plan = await makePlanSuite({ catalog: catalogWith(undefined), products: noProducts })(input);
    expect(plan).toMatchObject({ planner: 'rules', model: null, warnings: [] });
    expect(plan.total).toBeGreaterThanOrEqual(8);
  });

  it('cleans what the model proposes', async () => {
    const model = scriptedModel(
      [],
      [
        { kind: 'white_bg', count: 5 },
        { kind: 'hero', count: 1 },
        { kind: 'sku_variant', count: 1, variant_name: 'Red' },
      ],
    );
    const plan = await makePlanSuite({ catalog: catalogWith(model), products: noProducts })(input);
    expect(plan.planner).toBe('model');
    expect(plan.items.map((item) => [item.kind, item.count, item.variant_name])).toEqual([
      ['white_bg', 3, null],
      ['sku_variant', 1, 'Red'],
    ]);
    expect(plan.total).toBe(4);
  });
});
