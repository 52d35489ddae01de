import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRateLimiter } from '../../src/adapters/marketplace/rate-limiter.ts';

describe('per-shop rate limiter', () => {
  it('never lets more than perSecond calls of one key start within any second', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 300 }), (gaps) => {
        let clock = 0;
        const limiter = makeRateLimiter({ perSecond: 40, now: () => clock });
        const starts = gaps.map((gap) => {
          clock += gap;
          return clock + limiter.reserve('shop-a')!;
        });
        for (let i = 40; i < starts.length; i++) expect(starts[i]! - starts[i - 40]!).toBeGreaterThanOrEqual(1000);
      }),
    );
  });

  it('keeps shops apart and pauses a shop for a Retry-After', () => {
    const clock = 0;
    const limiter = makeRateLimiter({ perSecond: 40, now: () => clock });
    expect(limiter.reserve('a')).toBe(0);
    expect(limiter.reserve('b')).toBe(0);
    limiter.pause('a', 2_000);
    expect(limiter.reserve('a')).toBe(2_000);
    expect(limiter.reserve('b')).toBe(25);
    expect(limiter.reserve('a', 1_000)).toBeUndefined();
  });
});
