import { describe, expect, it } from 'vitest';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { UNKNOWN_RESET_MS, splitByQuota } from '../../src/domain/publishing/publish-quota.ts';
import { chooseOperation } from '../../src/domain/publishing/publish-update.ts';
import { type ShopLimits } from '../../src/domain/shops/shop-limits.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

const NOW = '2026-11-25T12:00:00.000Z';
const RESET = '2026-11-26T00:00:00.000Z';
const limits = (creates: number, updates: number, total = -1): ShopLimits => ({
  daily_create: { limit: creates, usage: 0, reset_at: RESET },
  daily_update: { limit: updates, usage: 0, reset_at: RESET },
  operation_limits: null,
  total: { limit: total, usage: 0, quota_by_category: [] },
});

describe('splitByQuota', () => {
  const entries = ['c1', 'u1', 'c2', 'f1', 'c3', 'u2'];
  const kind = (entry: string) => (entry.startsWith('c') ? 'create' : entry.startsWith('u') ? 'update' : 'free') as 'create' | 'update' | 'free';
  const alone = (entry: string) => entry;
  /** 'p1:c1' is product p1's first new card. */
  const productOf = (entry: string) => entry.split(':')[0]!;
  const kindAfterColon = (entry: string) => kind(entry.split(':')[1]!);

  it('keeps creates within the daily create quota and the total, updates within theirs; free sends always go', () => {
    expect(splitByQuota(entries, kind, limits(2, 1), NOW, alone)).toEqual({ now: ['c1', 'u1', 'c2', 'f1'], later: ['c3', 'u2'], resetAt: RESET });
    expect(splitByQuota(entries, kind, limits(-1, -1, 1), NOW, alone).later).toEqual(['c2', 'c3']);
    expect(splitByQuota(entries, kind, limits(-1, -1), NOW, alone).later).toEqual([]);
  });

  it("keeps a product's cards together: the whole product waits when its cards do not all fit (docs/decisions.md, Variants)", () => {
    const cards = ['p1:c1', 'p2:c1', 'p2:c2', 'p2:c3', 'p3:c1', 'p4:u1', 'p4:c1'];
    expect(splitByQuota(cards, kindAfterColon, limits(3, 5), NOW, productOf)).toEqual({
      now: ['p1:c1', 'p3:c1', 'p4:u1', 'p4:c1'],
      later: ['p2:c1', 'p2:c2', 'p2:c3'],
      resetAt: RESET,
    });
    const updatesUsedUp = { ...limits(4, 1), daily_update: { limit: 1, usage: 1, reset_at: RESET } };
    expect(splitByQuota(cards, kindAfterColon, updatesUsedUp, NOW, productOf).later).toEqual(['p3:c1', 'p4:u1', 'p4:c1']);
  });

  it('splits only a product larger than a whole day of quota, which would otherwise wait forever', () => {
    const cards = ['p1:c1', 'p1:c2', 'p1:c3'];
    expect(splitByQuota(cards, kindAfterColon, limits(2, 5), NOW, productOf)).toMatchObject({ now: ['p1:c1', 'p1:c2'], later: ['p1:c3'] });
    expect(splitByQuota(cards, kindAfterColon, limits(-1, -1, 2), NOW, productOf).now).toEqual(['p1:c1', 'p1:c2']);
  });

  it('holds back new cards beyond their category’s quota, whole products at a time; updates and other categories go', () => {
    // 'p1:c1@7' is product p1's first new card, in category 7.
    const categoryOf = (entry: string) => Number(entry.split('@')[1]);
    const kindOf = (entry: string) => kind(entry.split(':')[1]!.split('@')[0]!);
    const withCategory = { ...limits(-1, -1), total: { limit: -1, usage: 0, quota_by_category: [{ category_id: 7, limit: 10, usage: 8 }] } };
    const cards = ['p1:c1@7', 'p2:c1@7', 'p2:c2@7', 'p3:c1@9', 'p4:c1@7', 'p5:u1@7', 'p6:c1@7'];
    expect(splitByQuota(cards, kindOf, withCategory, NOW, productOf, categoryOf)).toEqual({
      now: ['p1:c1@7', 'p3:c1@9', 'p4:c1@7', 'p5:u1@7'],
      later: ['p2:c1@7', 'p2:c2@7', 'p6:c1@7'],
      resetAt: RESET,
    });
    // A product needing more than its category has left waits whole (the quota is not renewed daily; archiving frees it).
    const full = { ...withCategory, total: { ...withCategory.total, quota_by_category: [{ category_id: 7, limit: 10, usage: 9 }] } };
    expect(splitByQuota(['p2:c1@7', 'p2:c2@7'], kindOf, full, NOW, productOf, categoryOf).now).toEqual([]);
    // −1: no limit in that category.
    const none = { ...withCategory, total: { ...withCategory.total, quota_by_category: [{ category_id: 7, limit: -1, usage: 90 }] } };
    expect(splitByQuota(cards, kindOf, none, NOW, productOf, categoryOf).later).toEqual([]);
  });

  it('waits an hour when the reset time is unknown or already past', () => {
    const unknown = {
      ...limits(0, 0),
      daily_create: { limit: 0, usage: 0, reset_at: null },
      daily_update: { limit: 0, usage: 0, reset_at: '2026-11-25T11:00:00Z' },
    };
    expect(splitByQuota(['c1'], kind, unknown, NOW, alone).resetAt).toBe(new Date(Date.parse(NOW) + UNKNOWN_RESET_MS).toISOString());
  });
});

describe('chooseOperation', () => {
  const card = (overrides: Parameters<typeof publishableProduct>[0] = {}) => {
    const product = publishableProduct(overrides);
    const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [product.primary_image!, ...product.images!.slice(1)] });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    return prepared.items[0]!.item;
  };
  const base = card();

  it('a first send and any change beyond pictures or price is a full import', () => {
    expect(chooseOperation(null, base)).toBe('import');
    expect(chooseOperation(base, card({ name: 'Другое имя' }))).toBe('import');
    expect(chooseOperation(base, base)).toBe('import');
  });

  it('only the pictures changed → pictures; only the price → prices; both → import', () => {
    const images = ['https://lws.example.com/media/p/main.jpg', 'https://lws.example.com/media/p/3.jpg'];
    expect(chooseOperation(base, card({ images }))).toBe('pictures');
    const priced = card({ pricing: { result: { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 } } });
    expect(chooseOperation(base, priced)).toBe('prices');
    expect(chooseOperation(base, card({ images, pricing: { result: { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 } } }))).toBe('import');
  });
});
