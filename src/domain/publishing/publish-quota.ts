import { DomainError } from '../common/errors.ts';
import { type QuotaCounter, type ShopLimits, createsLeft, remainingOf } from '../shops/shop-limits.ts';

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

type Kind = 'create' | 'update' | 'free';
const wholeDay = (counter: QuotaCounter): number => (counter.limit < 0 ? Number.POSITIVE_INFINITY : counter.limit);

/**
 * Which sends fit today's quotas (docs/decisions.md, Publishing): new cards within the daily create quota, the assortment
 * total and their category's quota (`categoryOf`: the card's description category), full updates within the daily update quota, in the given order; image-only and price-only changes
 * count against neither. The rest wait for `resetAt`. Entries of one group (a product's variants) go or wait
 * together, as they go out in one request (docs/decisions.md, Variants); only a group larger than a whole day's quota is
 * split, or it would wait forever.
 */
export function splitByQuota<T>(
  entries: readonly T[],
  kindOf: (entry: T) => Kind,
  limits: ShopLimits,
  now: string,
  groupOf: (entry: T) => string,
  categoryOf: (entry: T) => number = () => 0,
): QuotaSplit<T> {
  const left = { create: createsLeft(limits), update: remainingOf(limits.daily_update), free: Number.POSITIVE_INFINITY };
  // New cards also count against their category's quota (`total.quota_by_category`; docs/decisions.md, Price rules and quotas).
  const categoryLeft = new Map(limits.total.quota_by_category.map((quota) => [quota.category_id, remainingOf(quota)]));
  const inCategory = (entry: T): number => categoryLeft.get(categoryOf(entry)) ?? Number.POSITIVE_INFINITY;
  // The most a group could ever get at once: a whole day's quota (and what the assortment total still allows).
  const perDay = { create: Math.min(wholeDay(limits.daily_create), remainingOf(limits.total)), update: wholeDay(limits.daily_update) };
  const fits: T[] = [];
  const later: T[] = [];
  for (const group of groupsOf(entries, groupOf)) {
    const needs = { create: 0, update: 0 };
    const categoryNeeds = new Map<number, number>();
    for (const entry of group) {
      const kind = kindOf(entry);
      if (kind !== 'free') needs[kind] += 1;
      if (kind === 'create') categoryNeeds.set(categoryOf(entry), (categoryNeeds.get(categoryOf(entry)) ?? 0) + 1);
    }
    const categoriesFit = [...categoryNeeds].every(([category, count]) => count <= (categoryLeft.get(category) ?? Number.POSITIVE_INFINITY));
    const whole = needs.create <= left.create && needs.update <= left.update && categoriesFit;
    // A category's quota is not renewed by the day (only archiving frees it): a group larger than what is left there
    // waits whole rather than being split, unlike one larger than a whole day's quota.
    const tooBigForADay = categoriesFit && (needs.create > perDay.create || needs.update > perDay.update);
    for (const entry of group) {
      const kind = kindOf(entry);
      if ((whole || tooBigForADay) && left[kind] > 0 && (kind !== 'create' || inCategory(entry) > 0)) {
        left[kind] -= 1;
        if (kind === 'create' && categoryLeft.has(categoryOf(entry))) categoryLeft.set(categoryOf(entry), inCategory(entry) - 1);
        fits.push(entry);
      } else later.push(entry);
    }
  }
  const reset = [limits.daily_create.reset_at, limits.daily_update.reset_at]
    .filter((at): at is string => at !== null && Date.parse(at) > Date.parse(now))
    .sort()[0];
  return { now: fits, later, resetAt: reset ?? new Date(Date.parse(now) + UNKNOWN_RESET_MS).toISOString() };
}

/** Entries grouped by key, groups in the order of their first entry. */
function groupsOf<T>(entries: readonly T[], keyOf: (entry: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()];
}
