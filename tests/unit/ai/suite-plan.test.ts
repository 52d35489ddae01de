import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REFERENCES, SUITE_KINDS, cleanPlan, expandPlan, resolveReferences } from '../../../src/domain/ai/suite-plan.ts';

const anyItem = fc.record(
  {
    kind: fc.oneof(fc.constantFrom(...SUITE_KINDS), fc.string({ maxLength: 12 }), fc.constant(undefined)),
    title: fc.oneof(fc.string({ maxLength: 200 }), fc.integer()),
    count: fc.oneof(fc.double({ min: -10, max: 10, noNaN: false }), fc.integer({ min: -5, max: 50 }), fc.string({ maxLength: 3 })),
    variant_name: fc.oneof(fc.constantFrom('Red', 'Blue', 'Green'), fc.constant(null), fc.string({ maxLength: 5 })),
  },
  { requiredKeys: [] },
);

describe('cleanPlan', () => {
  it('keeps only allow-listed kinds, clamps counts to 0..3, binds only known variants, and sums the total', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyItem, fc.constant(null), fc.string())), fc.subarray(['Red', 'Blue']), (items, variants) => {
        const plan = cleanPlan(items, variants);
        const allowed = items.filter((item) => typeof item === 'object' && item !== null && (SUITE_KINDS as readonly unknown[]).includes(item.kind));
        expect(plan.items).toHaveLength(allowed.length);
        for (const item of plan.items) {
          expect(SUITE_KINDS).toContain(item.kind);
          expect(Number.isInteger(item.count) && item.count >= 0 && item.count <= 3).toBe(true);
          expect(item.variant_name === null || variants.includes(item.variant_name)).toBe(true);
        }
        expect(plan.total).toBe(plan.items.reduce((sum, item) => sum + item.count, 0));
        expect(plan.warnings.some((warning) => warning.includes('建议'))).toBe(plan.total < 8 || plan.total > 15);
      }),
    );
  });

  it('rounds counts to the nearest integer before clamping', () => {
    const plan = cleanPlan(
      [
        { kind: 'title', count: 1.4 },
        { kind: 'detail', count: 2.6 },
        { kind: 'lifestyle', count: 7 },
        { kind: 'material', count: -2 },
        { kind: 'comparison', count: '2' },
      ],
      [],
    );
    expect(plan.items.map((item) => item.count)).toEqual([1, 3, 3, 0, 2]);
  });

  it('drops unknown kinds and unknown variants with a warning each, and warns about a total outside 8..15', () => {
    const plan = cleanPlan(
      [
        { kind: 'poster', count: 3 },
        { kind: 'sku_variant', count: 1, variant_name: 'Purple' },
      ],
      ['Red'],
    );
    expect(plan.items).toEqual([{ kind: 'sku_variant', title: '', detail: '', prompt_hint: '', count: 1, variant_name: null }]);
    expect(plan.warnings).toHaveLength(3);
  });
});

describe('expandPlan', () => {
  it('makes one job per counted image, in plan order, numbered from 0', () => {
    fc.assert(
      fc.property(fc.array(anyItem, { maxLength: 15 }), (items) => {
        const plan = cleanPlan(items, ['Red']);
        const jobs = expandPlan(plan.items);
        expect(jobs).toHaveLength(plan.total);
        expect(jobs.map((job) => job.position)).toEqual(jobs.map((_, index) => index));
        const order = plan.items.flatMap((item) => Array.from({ length: item.count }, (_, copy) => [item, copy + 1]));
        expect(jobs.map((job) => [job.item, job.copy])).toEqual(order);
      }),
    );
  });
});

describe('resolveReferences', () => {
  const images = [
    { url: 'detail-1', group_key: 'detail', variant_name: null },
    { url: 'main-1', group_key: 'main', variant_name: null },
    { url: 'main-2', group_key: 'main', variant_name: null },
    { url: 'red-1', group_key: 'sku', variant_name: 'Red' },
    { url: 'red-2', group_key: 'sku', variant_name: 'Red' },
    { url: 'red-3', group_key: 'detail', variant_name: 'Red' },
  ];

  it('uses the exact variant match, at most two', () => {
    expect(resolveReferences(images, 'Red').map((image) => image.url)).toEqual(['red-1', 'red-2']);
  });

  it('falls back to the first main image without a variant or without a match', () => {
    expect(resolveReferences(images, null).map((image) => image.url)).toEqual(['main-1']);
    expect(resolveReferences(images, 'Blue').map((image) => image.url)).toEqual(['main-1']);
    expect(resolveReferences(images, 'red').map((image) => image.url)).toEqual(['main-1']);
  });

  it('uses the first image when there is no main image, and nothing when there are no images', () => {
    expect(
      resolveReferences(
        images.filter((image) => image.group_key !== 'main'),
        null,
      ).map((image) => image.url),
    ).toEqual(['detail-1']);
    expect(resolveReferences([], 'Red')).toEqual([]);
  });

  it('never answers more than two images, and only images it was given', () => {
    const image = fc.record({
      url: fc.string(),
      group_key: fc.constantFrom('main', 'sku', 'detail', 'upload'),
      variant_name: fc.option(fc.constantFrom('A', 'B'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(image, { maxLength: 10 }), fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }), (list, variant) => {
        const chosen = resolveReferences(list, variant);
        expect(chosen.length).toBeLessThanOrEqual(MAX_REFERENCES);
        for (const entry of chosen) expect(list).toContain(entry);
        if (list.length > 0) expect(chosen.length).toBeGreaterThan(0);
        if (variant !== null && list.some((entry) => entry.variant_name === variant))
          expect(chosen.every((entry) => entry.variant_name === variant)).toBe(true);
      }),
    );
  });
});
