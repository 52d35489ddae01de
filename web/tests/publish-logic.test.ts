import { describe, expect, it } from 'vitest';
import type { PublishHistory } from '../src/api/marketplace-types.ts';
import { settlingVariants } from '../src/publish/variant-status.ts';
import { keyExpiry, keyExpiryWarning } from '../../src/domain/shops/key-expiry.ts';
import { cardSplit, counterText, remaining } from '../src/shops/quota.ts';
import { categoryQuotaRows, operationLimitText } from '../src/shops/category-quota.ts';
import { parseRoute, routeHref } from '../src/lib/router.ts';
import { filledCount, orderAttributes, storedValues } from '../src/publish/attribute-values.ts';
import { findType, indexTypes, searchTypes } from '../src/publish/category-index.ts';
import { fieldTarget } from '../src/publish/field-targets.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const counter = (limit: number, usage: number) => ({ limit, usage, reset_at: null });

describe('the key expiry warning (14 days ahead)', () => {
  it('says nothing before the window, warns inside it, and says expired after', () => {
    expect(keyExpiry('2027-02-18T09:54:23Z', NOW)).toMatchObject({ level: 'ok', daysLeft: 85 });
    expect(keyExpiry('2026-12-09T12:00:00Z', NOW)).toMatchObject({ level: 'soon', daysLeft: 14 });
    expect(keyExpiry('2026-12-09T12:00:01Z', NOW)).toMatchObject({ level: 'ok' });
    expect(keyExpiry('2026-11-25T11:59:59Z', NOW)).toMatchObject({ level: 'expired' });
    expect(keyExpiry(null, NOW)).toEqual({ level: 'unknown' });
    expect(keyExpiry('not a date', NOW)).toEqual({ level: 'unknown' });
  });

  it('names the shop and the days left in Chinese', () => {
    expect(keyExpiryWarning('主店', keyExpiry('2026-11-30T12:00:00Z', NOW))).toContain('5 天后过期');
    expect(keyExpiryWarning('主店', keyExpiry('2026-11-01T12:00:00Z', NOW))).toContain('已过期');
    expect(keyExpiryWarning('主店', keyExpiry('2027-11-01T12:00:00Z', NOW))).toBeNull();
  });
});

describe('quotas', () => {
  it('reads −1 as no limit and never shows a negative remainder', () => {
    expect(remaining(counter(-1, 40))).toBeNull();
    expect(remaining(counter(100, 130))).toBe(0);
    expect(counterText(counter(100, 5))).toBe('剩余 95 / 100');
    expect(counterText(counter(-1, 5))).toBe('不限（已用 5）');
  });

  it('splits a bulk publish into what goes now and what waits for the reset, in cards', () => {
    const limits = {
      daily_create: counter(100, 97),
      daily_update: counter(-1, 0),
      operation_limits: null,
      total: { ...counter(-1, 0), quota_by_category: [] },
    };
    const one = (id: string, card_count = 1) => ({ id, card_count });
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => one(id));
    expect(cardSplit(limits, five)).toEqual({ nowProducts: 3, nowCards: 3, laterProducts: 2, laterCards: 2 });
    expect(cardSplit({ ...limits, daily_create: counter(-1, 0) }, five)).toEqual({ nowProducts: 5, nowCards: 5, laterProducts: 0, laterCards: 0 });
    expect(cardSplit({ ...limits, total: { ...counter(1000, 999), quota_by_category: [] } }, five)).toEqual({
      nowProducts: 1,
      nowCards: 1,
      laterProducts: 4,
      laterCards: 4,
    });
    // Counted in cards (issue 32 item 7): three colours take three of the three left, so the next product waits whole.
    expect(cardSplit(limits, [one('scarf', 3), one('cup')])).toEqual({ nowProducts: 1, nowCards: 3, laterProducts: 1, laterCards: 1 });
    // A product's cards go or wait together: two colours do not fit in one left and wait; the single card after them goes.
    expect(cardSplit({ ...limits, daily_create: counter(100, 99) }, [one('pair', 2), one('cup')])).toEqual({
      nowProducts: 1,
      nowCards: 1,
      laterProducts: 1,
      laterCards: 2,
    });
  });
});

describe('category quotas (issue 31)', () => {
  const limits = (quotas: { category_id: number; limit: number; usage: number }[], operation: { limit: number; limit_type: string } | null = null) => ({
    daily_create: counter(-1, 0),
    daily_update: counter(-1, 0),
    operation_limits: operation,
    total: { ...counter(-1, 0), quota_by_category: quotas },
  });

  it('lists the tightest category first, −1 as no limit, and never a negative remainder', () => {
    const rows = categoryQuotaRows(
      limits([
        { category_id: 9, limit: -1, usage: 3 },
        { category_id: 7, limit: 10, usage: 12 },
        { category_id: 8, limit: 10, usage: 4 },
      ]),
    );
    expect(rows.map((row) => [row.category_id, row.left])).toEqual([
      [7, 0],
      [8, 6],
      [9, null],
    ]);
  });

  it('says the per-minute limit in Chinese, nothing when the marketplace reports none', () => {
    expect(operationLimitText(limits([], { limit: 300, limit_type: 'RATE_LIMIT_PER_MINUTE' }))).toBe('每分钟最多处理 300 件商品');
    expect(operationLimitText(limits([]))).toBeNull();
  });
});

describe('routes of the publishing screens', () => {
  it('round-trips the shops screen', () => {
    const href = new URL(routeHref({ name: 'shops' }), 'http://x');
    expect(parseRoute(href.pathname, href.search)).toEqual({ name: 'shops' });
  });
});

describe('the category search', () => {
  const node = (id: number, name: string, children: unknown[]) => ({ description_category_id: id, category_name: name, disabled: false, children });
  const type = (id: number, name: string, disabled = false) => ({ type_id: id, type_name: name, disabled, children: [] });
  const zh = [node(1, '家居用品', [node(2, '收纳', [type(10, '收纳盒'), type(11, '衣架', true)])]), node(3, '服装', [type(20, '围巾')])];
  const ru = [
    node(1, 'Дом и сад', [node(2, 'Хранение вещей', [type(10, 'Коробка для хранения'), type(11, 'Вешалка', true)])]),
    node(3, 'Одежда', [type(20, 'Шарф')]),
  ];
  const types = indexTypes(zh as never, ru as never);

  it('joins both languages by id, under the nearest category', () => {
    expect(types).toHaveLength(3);
    expect(findType(types, 2, 10)).toMatchObject({ zh: ['家居用品', '收纳', '收纳盒'], ru: ['Дом и сад', 'Хранение вещей', 'Коробка для хранения'] });
    expect(findType(types, 3, 20)?.ru.at(-1)).toBe('Шарф');
  });

  it('finds a type by a Chinese or a Russian word, own name first and disabled last', () => {
    expect(searchTypes(types, '围巾').map((t) => t.typeId)).toEqual([20]);
    expect(searchTypes(types, 'шарф').map((t) => t.typeId)).toEqual([20]);
    expect(searchTypes(types, 'ХРАНЕНИ').map((t) => t.typeId)).toEqual([10, 11]);
    expect(searchTypes(types, '收纳').map((t) => t.typeId)).toEqual([10, 11]);
    expect(searchTypes(types, '家居 коробка').map((t) => t.typeId)).toEqual([10]);
    expect(searchTypes(types, '  ')).toEqual([]);
  });
});

describe('pre-flight problems lead to their field', () => {
  it('maps server paths to the tab and element', () => {
    expect(fieldTarget('attributes/85/0')).toEqual({ tab: 'publish', selector: '[data-path="attributes/85"]' });
    // A variant's problem leads to its cell in the variant table (docs/decisions.md, Variants).
    expect(fieldTarget('variants/2/label_ru')).toEqual({ tab: 'publish', selector: '[data-path="variants/2/label_ru"]' });
    expect(fieldTarget('variants/0/aspects/10096/0')).toEqual({ tab: 'publish', selector: '[data-path="variants/0/aspects/10096"]' });
    expect(fieldTarget('variants')).toEqual({ tab: 'publish', selector: '#variant-table' });
    expect(fieldTarget('attributes/4191')).toEqual({ tab: 'pricing', selector: '#f-description' });
    expect(fieldTarget('/name')).toEqual({ tab: 'pricing', selector: '#f-name' });
    expect(fieldTarget('price')).toEqual({ tab: 'pricing', selector: '#f-pricing-cost_cny' });
    // The price rules (issue 31): the old price is made by the reserve discount, the minimum price follows the price.
    expect(fieldTarget('old_price')).toEqual({ tab: 'pricing', selector: '#f-pricing-reserve_discount_percent' });
    expect(fieldTarget('min_price')).toEqual({ tab: 'pricing', selector: '#f-pricing-cost_cny' });
    expect(fieldTarget('weight')).toEqual({ tab: 'pricing', selector: '#f-weight_g' });
    expect(fieldTarget('images/51').tab).toBe('images');
    expect(fieldTarget('type_id')).toEqual({ tab: 'publish', selector: '[data-path="category"]' });
    expect(fieldTarget('something_new').tab).toBe('publish');
  });
});

describe('stored attribute values', () => {
  it('reads every stored shape and orders required attributes first without 4191 and 8229', () => {
    expect(storedValues([{ dictionary_value_id: 5, value: 'Нет бренда' }])).toEqual([{ dictionary_value_id: 5, value: 'Нет бренда' }]);
    expect(storedValues('BOX-3')).toEqual([{ value: 'BOX-3' }]);
    expect(storedValues(12)).toEqual([{ value: '12' }]);
    expect(storedValues(null)).toEqual([]);
    const attribute = (id: number, is_required: boolean, complex = 0) => ({ id, is_required, attribute_complex_id: complex }) as never;
    const { required, optional } = orderAttributes([
      attribute(4180, false),
      attribute(85, true),
      attribute(8229, true),
      attribute(4191, false),
      attribute(21841, false, 100001),
      attribute(9048, true),
    ]);
    expect(required.map((a: { id: number }) => a.id)).toEqual([85, 9048]);
    expect(optional.map((a: { id: number }) => a.id)).toEqual([4180]);
    expect(filledCount(required, { '85': [{ dictionary_value_id: 5 }], '9048': '' })).toBe(1);
  });
});

describe('the bulk publish route', () => {
  it('keeps the chosen product ids in the address and drops anything that is not an id', () => {
    const ids = ['0b0e7a52-8a0e-4f55-9d51-64b1f4b8f1a3', '1b0e7a52-8a0e-4f55-9d51-64b1f4b8f1a3'];
    const href = new URL(routeHref({ name: 'publish', ids }), 'http://x');
    expect(parseRoute(href.pathname, href.search)).toEqual({ name: 'publish', ids });
    expect(parseRoute('/publish', '?ids=x,<script>')).toEqual({ name: 'publish', ids: [] });
    expect(routeHref({ name: 'publish', ids: [] })).toBe('/publish');
  });
});

describe('variants shown 核对中', () => {
  const record = (variant_id: string | null, settling: boolean) => ({ variant_id, settling }) as PublishHistory['items'][number];
  it('are those whose newest record (the history is newest first) is settling; products without variants name none', () => {
    const items = [record('red', true), record('blue', false), record('blue', true), record('grey', false), record('red', false), record(null, true)];
    expect([...settlingVariants(items)]).toEqual(['red']);
  });
});
