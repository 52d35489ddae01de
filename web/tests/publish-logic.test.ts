import { describe, expect, it } from 'vitest';
import { keyExpiry, keyExpiryWarning } from '../src/shops/key-expiry.ts';
import { counterText, quotaSplit, remaining } from '../src/shops/quota.ts';
import { parseRoute, routeHref } from '../src/lib/router.ts';

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

  it('splits a bulk publish into what goes now and what waits for the reset', () => {
    const limits = { daily_create: counter(100, 97), daily_update: counter(-1, 0), total: counter(-1, 0) };
    expect(quotaSplit(limits, 5)).toEqual({ now: 3, waiting: 2 });
    expect(quotaSplit({ ...limits, daily_create: counter(-1, 0) }, 5)).toEqual({ now: 5, waiting: 0 });
    expect(quotaSplit({ ...limits, total: counter(1000, 999) }, 5)).toEqual({ now: 1, waiting: 4 });
  });
});

describe('routes of the publishing screens', () => {
  it('round-trips the shops screen', () => {
    const href = new URL(routeHref({ name: 'shops' }), 'http://x');
    expect(parseRoute(href.pathname, href.search)).toEqual({ name: 'shops' });
  });
});
