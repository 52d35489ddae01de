import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptRate, fallbackRate } from '../../../src/domain/pricing/fx.ts';
import { type JsonValue } from '../../../src/domain/common/json.ts';
import { mergePatch } from '../../../src/domain/common/merge-patch.ts';
import { effectiveImages, storedImageUrls } from '../../../src/domain/catalog/product-images.ts';
import { hasChinese } from '../../../src/domain/common/text.ts';

describe('JSON Merge Patch (RFC 7396)', () => {
  it('passes the RFC 7396 appendix A examples', () => {
    const cases: [JsonValue, JsonValue, JsonValue][] = [
      [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
      [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
      [{ a: 'b' }, { a: null }, {}],
      [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
      [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
      [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
      [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
      [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
      [
        ['a', 'b'],
        ['c', 'd'],
        ['c', 'd'],
      ],
      [{ a: 'b' }, ['c'], ['c']],
      [{ a: 'foo' }, null, null],
      [{ a: 'foo' }, 'bar', 'bar'],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: 'b', c: null }, { a: 'b' }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ];
    for (const [target, patch, result] of cases) expect(mergePatch(target, patch)).toEqual(result);
  });

  it('is idempotent and leaves the target untouched', () => {
    fc.assert(
      fc.property(fc.jsonValue() as fc.Arbitrary<JsonValue>, fc.jsonValue() as fc.Arbitrary<JsonValue>, (target, patch) => {
        const copy = JSON.stringify(target);
        const once = mergePatch(target, patch);
        expect(mergePatch(once, patch)).toEqual(once);
        expect(JSON.stringify(target)).toBe(copy);
      }),
    );
  });
});

describe('exchange rate rules', () => {
  it('accepts only finite values within 5..25', () => {
    expect([5, 11.2, 25].every(acceptRate)).toBe(true);
    expect([4.99, 25.01, 0.087, 112, Number.NaN, Infinity, '11.5', null].some(acceptRate)).toBe(false);
  });

  it('falls back to the last good value under 72 h (stale), else 11.5 default', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const lastGood = { rate: 11.2, source: 'cbr' as const, updated_at: '2026-11-19T13:00:00.000Z' };
    expect(fallbackRate(lastGood, now)).toEqual({ ...lastGood, stale: true });
    expect(fallbackRate({ ...lastGood, updated_at: '2026-11-18T11:59:00.000Z' }, now)).toMatchObject({ rate: 11.5, source: 'default' });
    expect(fallbackRate(undefined, now)).toMatchObject({ rate: 11.5, source: 'default', updated_at: now.toISOString() });
  });
});

describe('images and text helpers', () => {
  it('derives images from stored assets in group order, at most 15', () => {
    const asset = (group_key: 'main' | 'sku' | 'detail', index: number, status: 'stored' | 'failed' = 'stored') => ({
      group_key,
      index,
      status,
      stored_url: `/media/${group_key}-${index}.jpg`,
    });
    const urls = storedImageUrls([asset('detail', 0), asset('main', 1), asset('sku', 0, 'failed'), asset('main', 0)]);
    expect(urls).toEqual(['/media/main-0.jpg', '/media/main-1.jpg', '/media/detail-0.jpg']);
    expect(effectiveImages({ primary_image: null, images: null }, urls)).toEqual({ primary_image: '/media/main-0.jpg', images: urls });
    expect(
      effectiveImages(
        { primary_image: null, images: null },
        Array.from({ length: 20 }, (_, i) => `/${i}`),
      ).images,
    ).toHaveLength(15);
    expect(effectiveImages({ primary_image: '/x.jpg', images: [] }, urls)).toEqual({ primary_image: '/x.jpg', images: [] });
  });

  it('detects Chinese characters', () => {
    expect(hasChinese('Органайзер')).toBe(false);
    expect(hasChinese('Box 收纳')).toBe(true);
    expect(hasChinese('𠀀')).toBe(true);
  });
});
