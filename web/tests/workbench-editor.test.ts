import { describe, expect, it } from 'vitest';
import { fieldIdOf } from '../src/editor/ready-problems.ts';
import { TEXT_KIND_LABELS } from '../src/editor/collected-info.ts';

describe('editor messages', () => {
  it('finds the input a problem path names', () => {
    expect(fieldIdOf('/name')).toBe('f-name');
    expect(fieldIdOf('/pricing/markup_percent')).toBe('f-pricing-markup_percent');
    expect(fieldIdOf('/weight')).toBe('f-weight_g');
    expect(fieldIdOf('/pricing/weight_g')).toBe('f-weight_g');
    expect(fieldIdOf('/price')).toBe('f-pricing-cost_cny');
    // The price rules' old-price problems are fixed in the reserve discount that makes the old price.
    expect(fieldIdOf('/old_price')).toBe('f-pricing-reserve_discount_percent');
    expect(fieldIdOf('/min_price')).toBe('f-pricing-cost_cny');
    expect(fieldIdOf('/images')).toBeNull();
    expect(fieldIdOf('')).toBeNull();
  });

  it('names every collected text kind of the spec in Chinese', () => {
    for (const kind of ['title', 'price', 'params', 'selling_point', 'desc', 'brand', 'sales', 'shop'])
      expect(TEXT_KIND_LABELS[kind]).toMatch(/[\u4e00-\u9fff]/u);
  });
});
