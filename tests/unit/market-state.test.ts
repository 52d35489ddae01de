import { describe, expect, it } from 'vitest';
import {
  type MarketCardInfo,
  DEFAULT_SWEEP_TIMINGS,
  explainMarketError,
  isCreatedOnMarket,
  marketStateOf,
  nextLook,
  productMarketState,
} from '../../src/domain/publishing/market-state.ts';

const card = (overrides: Partial<MarketCardInfo>): MarketCardInfo => ({
  offer_id: 'A',
  product_id: '1',
  sku: null,
  is_created: true,
  status: 'active',
  moderate_status: 'approved',
  is_archived: false,
  is_autoarchived: false,
  has_stock: true,
  visible: true,
  errors: [],
  ...overrides,
});
const error = (level: string) => ({ code: 'x', field: 'attribute', attribute_id: 85, level, message: 'm' });

describe('the market state of a card', () => {
  it('reads each state from statuses, errors, archive flags, stock and visibility', () => {
    expect(marketStateOf(card({}))).toBe('on_sale');
    expect(marketStateOf(card({ has_stock: false }))).toBe('no_stock');
    expect(marketStateOf(card({ visible: false }))).toBe('not_visible');
    expect(marketStateOf(card({ status: 'price_sent', moderate_status: 'moderating' }))).toBe('moderating');
    expect(marketStateOf(card({ moderate_status: 'declined', status: 'declined' }))).toBe('declined');
    expect(marketStateOf(card({ is_autoarchived: true, errors: [error('ERROR_LEVEL_ERROR')] }))).toBe('archived');
  });

  it('an imported card with an ERROR_LEVEL_ERROR counts as declined; a warning does not', () => {
    expect(marketStateOf(card({ status: 'imported', moderate_status: '', errors: [error('ERROR_LEVEL_ERROR')] }))).toBe('declined');
    expect(marketStateOf(card({ errors: [error('ERROR_LEVEL_WARNING')] }))).toBe('on_sale');
  });

  it('is created for stock once the price is sent, or is_created', () => {
    expect(isCreatedOnMarket({ is_created: false, status: 'price_sent' })).toBe(true);
    expect(isCreatedOnMarket({ is_created: false, status: 'imported' })).toBe(false);
    expect(isCreatedOnMarket({ is_created: true, status: '' })).toBe(true);
  });

  it('explains every error in Chinese: the code’s own, else by the attribute or field it names', () => {
    expect(explainMarketError(error('ERROR_LEVEL_ERROR')).explanation).toMatch(/属性「85」（85）.*无法销售/);
    expect(explainMarketError({ ...error('ERROR_LEVEL_WARNING'), attribute_id: 0, field: 'price' }).explanation).toMatch(/字段「售价」（price）/);
    // A code no note lists (the demo's watermark refusal) still says which part of the card, in the seller's words.
    expect(explainMarketError({ ...error('ERROR_LEVEL_ERROR'), code: 'image_watermark', attribute_id: 0, field: 'images' }).explanation).toBe(
      '平台审核指出字段「图片」（images）有问题，商品无法销售：请按平台提示修改后重新发布',
    );
    expect(explainMarketError({ ...error('ERROR_LEVEL_WARNING'), attribute_id: 0, field: 'pdf_list' }).explanation).toMatch(/字段「pdf_list」有问题/);
    expect(explainMarketError({ ...error('ERROR_LEVEL_ERROR'), code: 'invalid_attribute_value' }).explanation).toBe('属性值不在平台字典中，请重新选择');
  });

  it('looks again twice as late while moderating, up to the longest wait; daily once moderation ended', () => {
    const timings = { firstMs: 10, maxMs: 50, recheckMs: 1_000 };
    expect([10, 20, 40, 80].map((last) => nextLook('moderating', last, timings))).toEqual([20, 40, 50, 50]);
    expect(nextLook('moderating', 0, timings)).toBe(10);
    expect(nextLook('declined', 20, timings)).toBe(1_000);
    expect(DEFAULT_SWEEP_TIMINGS).toEqual({ firstMs: 60_000, maxMs: 1_800_000, recheckMs: 86_400_000 });
  });

  it('a product shows its most telling offer: declined before moderating before on sale', () => {
    expect(productMarketState(['on_sale', 'declined', 'moderating'])).toBe('declined');
    expect(productMarketState(['archived', 'on_sale'])).toBe('on_sale');
    expect(productMarketState([])).toBeNull();
  });
});
