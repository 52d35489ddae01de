import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardTexts, sizeLines } from '../../../src/domain/ai/card-texts.ts';
import { chineseInRussianFields, parseCopyDraft } from '../../../src/domain/ai/copy.ts';
import { rulesPlan } from '../../../src/domain/ai/rules-planner.ts';
import { suiteFileNames } from '../../../src/domain/ai/suite-files.ts';
import { SUGGESTED_TOTAL, cleanPlan } from '../../../src/domain/ai/suite-plan.ts';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

describe('suiteFileNames', () => {
  it('gives names that are unique (ignoring case), numbered in order and safe on every OS', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: fc.string({ maxLength: 80, unit: 'grapheme' }), fallback: fc.constantFrom('title', 'detail') }), { maxLength: 120 }),
        (images) => {
          const names = suiteFileNames(images);
          expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
          names.forEach((name, index) => {
            expect(name.startsWith(`${String(index + 1).padStart(images.length >= 100 ? 3 : 2, '0')}-`)).toBe(true);
            expect(name).toMatch(/^[\p{L}\p{N}._-]+\.jpg$/u);
            expect(name).not.toMatch(/[<>:"/\\|?*\s]|[. ]$/u);
            expect(WINDOWS_RESERVED.test(name)).toBe(false);
            expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
          });
        },
      ),
    );
  });

  it('keeps readable titles and falls back to the kind for titles without letters', () => {
    expect(
      suiteFileNames([
        { title: '白底主图', fallback: 'white_bg' },
        { title: 'Размеры / см', fallback: 'size_chart' },
        { title: '../..', fallback: 'detail' },
      ]),
    ).toEqual(['01-白底主图.jpg', '02-Размеры-см.jpg', '03-detail.jpg']);
  });
});

describe('rulesPlan', () => {
  const texts = fc.array(fc.record({ kind: fc.constantFrom('title', 'params', 'selling_point', 'desc'), content: fc.string({ maxLength: 40 }) }), {
    maxLength: 12,
  });
  const input = fc.record({
    texts,
    sku_variants: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 8 }),
    image_stats: fc.record({ main: fc.nat(10), sku: fc.nat(10), detail: fc.nat(10) }),
    requirements: fc.option(fc.string({ maxLength: 30 }), { nil: null }),
  });

  it('is deterministic and always proposes 8..15 valid images that survive cleaning unchanged', () => {
    fc.assert(
      fc.property(input, (plannerInput) => {
        const plan = rulesPlan(plannerInput);
        expect(rulesPlan(plannerInput)).toEqual(plan);
        const cleaned = cleanPlan(plan.items, plannerInput.sku_variants);
        expect(cleaned.items).toEqual(plan.items);
        expect(cleaned.total).toBeGreaterThanOrEqual(SUGGESTED_TOTAL.min);
        expect(cleaned.total).toBeLessThanOrEqual(SUGGESTED_TOTAL.max);
        expect(plan.items.filter((item) => item.kind === 'white_bg')).toHaveLength(1);
      }),
    );
  });

  it('adds the kinds the texts mention', () => {
    const plan = rulesPlan({
      texts: [{ kind: 'params', content: '材质：不锈钢 尺寸 30cm' }],
      sku_variants: [],
      image_stats: { main: 1, sku: 0, detail: 0 },
      requirements: null,
    });
    expect(plan.items.map((item) => item.kind)).toEqual(expect.arrayContaining(['material', 'size_chart']));
    expect(plan.items.map((item) => item.kind)).not.toContain('package_contents');
  });
});

describe('copy checks', () => {
  it('finds Chinese characters in any Russian field, and only there', () => {
    const draft = { title_ru: 'Полка', description_ru: 'Описание', tags: ['полка'], text_zh: '置物架' };
    expect(chineseInRussianFields(draft)).toEqual([]);
    expect(chineseInRussianFields({ ...draft, title_ru: 'Полка 置物架' })).toEqual(['title_ru']);
    expect(chineseInRussianFields({ ...draft, description_ru: '不锈钢', tags: ['x', '架'] })).toEqual(['description_ru', 'tags']);
  });

  it('accepts a well-shaped draft (trimmed, tags capped) and refuses wrong shapes', () => {
    expect(parseCopyDraft({ title_ru: ' Полка ', description_ru: 'Текст', tags: [' a ', '', 'b'], text_zh: '中文' })).toEqual({
      title_ru: 'Полка',
      description_ru: 'Текст',
      tags: ['a', 'b'],
      text_zh: '中文',
    });
    expect(parseCopyDraft({ title_ru: 'Полка', description_ru: '', tags: [] })).toBeUndefined();
    expect(parseCopyDraft({ title_ru: 'Полка', description_ru: 'Текст', tags: [1] })).toBeUndefined();
    expect(parseCopyDraft('text')).toBeUndefined();
  });
});

describe('card texts', () => {
  const source = {
    title_ru: 'Полка для ванной',
    tags: ['без сверления', '置物架'],
    texts: [
      { kind: 'selling_point', content: 'Нержавеющая сталь' },
      { kind: 'selling_point', content: '不生锈' },
    ],
    dimensions: { depth: 300, width: 200, height: null, unit: 'mm' },
    weight: { value: 0.45, unit: 'kg' },
  };
  const item = (kind: 'title' | 'white_bg' | 'size_chart' | 'selling_points', title = '') => ({
    kind,
    title,
    detail: '',
    prompt_hint: '',
    count: 1,
    variant_name: null,
  });

  it('never carries Chinese text, and white_bg carries none at all', () => {
    const texts = cardTexts(source, item('selling_points', '卖点图'));
    expect(texts).toEqual({ headline: 'Преимущества', points: ['Нержавеющая сталь', 'без сверления'], sizes: [], variant: null });
    expect(cardTexts(source, item('white_bg', 'Главное'))).toEqual({ headline: null, points: [], sizes: [], variant: null });
    expect(cardTexts(source, item('title')).headline).toBe('Полка для ванной');
  });

  it('writes size callouts in centimetres and grams from the product', () => {
    expect(cardTexts(source, item('size_chart')).sizes).toEqual(['Длина: 30 см', 'Ширина: 20 см', 'Вес: 450 г']);
    expect(sizeLines({ depth: 12.5, width: null, height: 3, unit: 'cm' }, { value: null, unit: 'g' })).toEqual(['Длина: 12,5 см', 'Высота: 3 см']);
  });
});
