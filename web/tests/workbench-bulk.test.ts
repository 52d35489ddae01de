import { describe, expect, it } from 'vitest';
import { jobIdOf, jobProgress, pricingParams, summarize } from '../src/lib/bulk.ts';

describe('bulk results and jobs', () => {
  it('puts refusals first and counts both', () => {
    const results = [
      { product_id: 'a', ok: true },
      { product_id: 'b', ok: false, code: 'READY_CHECK_FAILED', detail: '商品还不能标记为待上架' },
      { product_id: 'c', ok: true },
    ];
    const summary = summarize(results);
    expect(summary).toMatchObject({ ok: 2, failed: 1 });
    expect(summary.ordered.map((r) => r.product_id)).toEqual(['b', 'a', 'c']);
  });

  it('finds the queued job and measures its progress', () => {
    expect(
      jobIdOf([
        { product_id: 'a', ok: false },
        { product_id: 'b', ok: true, job_id: 'j1' },
      ]),
    ).toBe('j1');
    expect(jobIdOf([{ product_id: 'a', ok: false }])).toBeNull();
    expect(jobProgress({ status: 'running', total: 4, done: 1, failed: 1 })).toBe(0.5);
    expect(jobProgress({ status: 'done', total: 0, done: 0, failed: 0 })).toBe(1);
    expect(jobProgress({ status: 'queued', total: 0, done: 0, failed: 0 })).toBe(0);
  });
});

describe('bulk pricing form', () => {
  it('sends only the filled-in inputs, as numbers (comma decimals too)', () => {
    expect(pricingParams({ markup: ' 40 ', reserve: '', tier: 'high', fx: '11,5' })).toEqual({
      params: { markup_percent: 40, tier: 'high', fx_rate: 11.5 },
      problem: null,
    });
  });

  it('refuses an empty form and text that is not a number', () => {
    // Nothing typed reprices on the policy's defaults (issue 32 item 5).
    expect(pricingParams({ markup: '', reserve: '', tier: '', fx: '' })).toEqual({ params: {}, problem: null });
    expect(pricingParams({ markup: 'abc', reserve: '', tier: '', fx: '' }).problem).toBe('加价率请输入数字');
  });
});
