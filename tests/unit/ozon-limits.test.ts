import { describe, expect, it } from 'vitest';
import { readLimits } from '../../src/adapters/marketplace/ozon-wire.ts';

const daily = { limit: 100, usage: 1, reset_at: '2026-11-26T00:00:00Z' };

describe('reading /v4/product/info/limit (docs/decisions.md, Price rules and quotas)', () => {
  it('reads the category quota as the document types it (one object), a list of them too, and drops entries without a category', () => {
    const read = (quota: unknown) => readLimits({ daily_create: daily, daily_update: daily, total: { limit: -1, usage: 5, quota_by_category: quota } }).total;
    expect(read({ category_id: 7, limit: 10, usage: 4 }).quota_by_category).toEqual([{ category_id: 7, limit: 10, usage: 4 }]);
    expect(read([{ category_id: 7, limit: 10, usage: 4 }, { category_id: '9', limit: -1, usage: 0 }, { limit: 3 }]).quota_by_category).toEqual([
      { category_id: 7, limit: 10, usage: 4 },
      { category_id: 9, limit: -1, usage: 0 },
    ]);
    expect(read(undefined).quota_by_category).toEqual([]);
  });

  it('reads operation_limits, null when absent', () => {
    const body = { daily_create: daily, daily_update: daily, total: { limit: -1, usage: 0 } };
    expect(readLimits(body).operation_limits).toBeNull();
    expect(readLimits({ ...body, operation_limits: { limit: 60, limit_type: 'RATE_LIMIT_PER_MINUTE' } }).operation_limits).toEqual({
      limit: 60,
      limit_type: 'RATE_LIMIT_PER_MINUTE',
    });
    expect(readLimits({ ...body, operation_limits: { limit: 60 } }).operation_limits).toEqual({ limit: 60, limit_type: 'UNSPECIFIED' });
  });
});
