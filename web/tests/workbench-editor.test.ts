import { describe, expect, it } from 'vitest';
import { fieldTarget } from '../src/publish/field-targets.ts';
import { TEXT_KIND_LABELS } from '../src/editor/collected-info.ts';

describe('editor messages', () => {
  it('finds the tab and the input a ready problem names, on any tab (issue 32 item 3)', () => {
    expect(fieldTarget('/name')).toEqual({ tab: 'pricing', selector: '#f-name' });
    expect(fieldTarget('/pricing/markup_percent')).toEqual({ tab: 'pricing', selector: '#f-pricing-markup_percent' });
    expect(fieldTarget('/weight')).toEqual({ tab: 'pricing', selector: '#f-weight_g' });
    expect(fieldTarget('/pricing/weight_g')).toEqual({ tab: 'pricing', selector: '#f-weight_g' });
    expect(fieldTarget('/price')).toEqual({ tab: 'pricing', selector: '#f-pricing-cost_cny' });
    // The price rules' old-price problems are fixed in the reserve discount that makes the old price.
    expect(fieldTarget('/old_price')).toEqual({ tab: 'pricing', selector: '#f-pricing-reserve_discount_percent' });
    expect(fieldTarget('/min_price')).toEqual({ tab: 'pricing', selector: '#f-pricing-cost_cny' });
    expect(fieldTarget('/images').tab).toBe('images');
    expect(fieldTarget('/variants/1/offer_id')).toEqual({ tab: 'publish', selector: '[data-path="variants/1/offer_id"]' });
  });

  it('names every collected text kind of the spec in Chinese', () => {
    for (const kind of ['title', 'price', 'params', 'selling_point', 'desc', 'brand', 'sales', 'shop'])
      expect(TEXT_KIND_LABELS[kind]).toMatch(/[\u4e00-\u9fff]/u);
  });
});
