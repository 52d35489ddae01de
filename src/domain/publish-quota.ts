import { DomainError } from './errors.ts';
import { type ShopLimits, createsLeft, remainingOf } from './shop-limits.ts';

/** The marketplace refused items over its per-minute or daily limit (429 with `Item-Retry-After`, in minutes). */
export class ItemQuotaExceeded extends DomainError {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super('rate_limited', 'MARKETPLACE_QUOTA_EXCEEDED', `平台的商品额度已用完，约 ${Math.ceil(retryAfterMs / 60_000)} 分钟后自动重试`);
    this.retryAfterMs = retryAfterMs;
  }
}

/** When the daily quotas reset is unknown, waiting items look again after an hour. */
export const UNKNOWN_RESET_MS = 3_600_000;

export type QuotaSplit<T> = { readonly now: T[]; readonly later: T[]; readonly resetAt: string };

/**
 * Which sends fit today's quotas (DECISIONS §9.1): new cards within the daily create quota and the assortment
 * total, full updates within the daily update quota, in the given order; image-only and price-only changes
 * count against neither. The rest wait for `resetAt`.
 */
export function splitByQuota<T>(entries: readonly T[], kindOf: (entry: T) => 'create' | 'update' | 'free', limits: ShopLimits, now: string): QuotaSplit<T> {
  let creates = createsLeft(limits);
  let updates = remainingOf(limits.daily_update);
  const fits: T[] = [];
  const later: T[] = [];
  for (const entry of entries) {
    const kind = kindOf(entry);
    if (kind === 'free') fits.push(entry);
    else if (kind === 'create' && creates > 0) {
      creates -= 1;
      fits.push(entry);
    } else if (kind === 'update' && updates > 0) {
      updates -= 1;
      fits.push(entry);
    } else later.push(entry);
  }
  const reset = [limits.daily_create.reset_at, limits.daily_update.reset_at].filter((at): at is string => at !== null && Date.parse(at) > Date.parse(now)).sort()[0];
  return { now: fits, later, resetAt: reset ?? new Date(Date.parse(now) + UNKNOWN_RESET_MS).toISOString() };
}
