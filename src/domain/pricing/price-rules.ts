/**
 * The marketplace's own price rules (docs/decisions.md, Price rules), checked before anything is sent so a seller reads
 * them in Chinese instead of the marketplace's refusal. Amounts are roubles (the rules are stated in roubles, whatever
 * the shop's currency). Pure, like pricing.ts: the page may bundle it.
 */

/** Below this price the old price must be more than `SMALL_GAP_RUB` above it. */
export const LOW_PRICE_RUB = 400;
/** Above this price the old price must be more than `LARGE_GAP_RUB` above it; in between, more than `GAP_PERCENT`. */
export const HIGH_PRICE_RUB = 10_000;
export const SMALL_GAP_RUB = 20;
export const GAP_PERCENT = 5;
export const LARGE_GAP_RUB = 500;
/** A discount (old price over price) of this many percent or more is refused. */
export const MAX_DISCOUNT_PERCENT = 90;
/** `min_price` is at least this share of the price, and below the price. */
export const MIN_PRICE_FLOOR_PERCENT = 50;

/** A broken rule: the field it is about (`old_price` or `min_price`) and a Chinese sentence naming it. */
export type PriceRuleProblem = { readonly field: 'old_price' | 'min_price'; readonly message: string };

export type PriceRuleInput = {
  readonly price_rub: number;
  /** Null or 0: no crossed-out price (sent as "0"), which no rule limits. */
  readonly old_price_rub: number | null;
  /** Null: no minimum price sent. */
  readonly min_price_rub?: number | null;
};

/** Kopecks as integers, so "more than 5 %" is compared exactly (1 050 over 1 000 is not more than 5 %). */
const kopecks = (rub: number): number => Math.round(rub * 100);
const rub = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 }).replace(/,/g, ' ');
const percent = (value: number): string => String(Math.floor(value * 10) / 10);

/** How far above the price the old price must be at least (exclusive), in roubles. */
export function requiredGapRub(priceRub: number): number {
  if (priceRub < LOW_PRICE_RUB) return SMALL_GAP_RUB;
  if (priceRub <= HIGH_PRICE_RUB) return (priceRub * GAP_PERCENT) / 100;
  return LARGE_GAP_RUB;
}

/** Whether the old price is far enough above the price (and above it at all). */
export function oldPriceGapHolds(priceRub: number, oldPriceRub: number): boolean {
  const gap = kopecks(oldPriceRub) - kopecks(priceRub);
  if (priceRub < LOW_PRICE_RUB) return gap > SMALL_GAP_RUB * 100;
  if (priceRub <= HIGH_PRICE_RUB) return gap * 100 > kopecks(priceRub) * GAP_PERCENT;
  return gap > LARGE_GAP_RUB * 100;
}

/** The old-price rules: above the price by the marketplace's gap, and a discount under 90 %. */
export function oldPriceProblems(priceRub: number, oldPriceRub: number | null): PriceRuleProblem[] {
  if (oldPriceRub === null || oldPriceRub <= 0) return [];
  if (oldPriceRub <= priceRub) return [{ field: 'old_price', message: '划线价必须高于售价（或不填划线价）' }];
  if (!oldPriceGapHolds(priceRub, oldPriceRub)) {
    const gap = oldPriceRub - priceRub;
    const message =
      priceRub < LOW_PRICE_RUB
        ? `售价低于 ${LOW_PRICE_RUB} ₽ 时，划线价须比售价高 ${SMALL_GAP_RUB} ₽ 以上（现在只高 ${rub(gap)} ₽）`
        : priceRub <= HIGH_PRICE_RUB
          ? `售价在 ${LOW_PRICE_RUB}–${rub(HIGH_PRICE_RUB)} ₽ 之间时，划线价须比售价高 ${GAP_PERCENT}% 以上（现在只高 ${percent((gap / priceRub) * 100)}%）`
          : `售价高于 ${rub(HIGH_PRICE_RUB)} ₽ 时，划线价须比售价高 ${LARGE_GAP_RUB} ₽ 以上（现在只高 ${rub(gap)} ₽）`;
    return [{ field: 'old_price', message }];
  }
  // (old − price) / old ≥ 90 %  ⇔  10 × price ≤ old, in kopecks.
  if (kopecks(priceRub) * 100 <= kopecks(oldPriceRub) * (100 - MAX_DISCOUNT_PERCENT)) {
    const discount = ((oldPriceRub - priceRub) / oldPriceRub) * 100;
    return [{ field: 'old_price', message: `折扣不能达到 ${MAX_DISCOUNT_PERCENT}% 或以上（现在 ${percent(discount)}%），请降低划线价或减小预留折扣` }];
  }
  return [];
}

/** The minimum-price rules: at least half the price, and below it. */
export function minPriceProblems(priceRub: number, minPriceRub: number | null | undefined): PriceRuleProblem[] {
  if (minPriceRub === null || minPriceRub === undefined) return [];
  if (kopecks(minPriceRub) >= kopecks(priceRub))
    return [{ field: 'min_price', message: `最低价必须低于售价（最低价 ${rub(minPriceRub)} ₽，售价 ${rub(priceRub)} ₽）` }];
  if (kopecks(minPriceRub) * 100 < kopecks(priceRub) * MIN_PRICE_FLOOR_PERCENT)
    return [{ field: 'min_price', message: `最低价不能低于售价的 ${MIN_PRICE_FLOOR_PERCENT}%（最低价 ${rub(minPriceRub)} ₽，售价 ${rub(priceRub)} ₽）` }];
  return [];
}

/** Every price rule one offer breaks, old price first. */
export const priceRuleProblems = ({ price_rub, old_price_rub, min_price_rub }: PriceRuleInput): PriceRuleProblem[] => [
  ...oldPriceProblems(price_rub, old_price_rub),
  ...minPriceProblems(price_rub, min_price_rub),
];

/**
 * The minimum price the policy asks for (`defaults.min_price_percent`, off when absent or null): that share of the
 * price, rounded up to whole roubles. Null when off.
 */
export function minPriceRub(priceRub: number, minPricePercent: number | null | undefined): number | null {
  if (minPricePercent === null || minPricePercent === undefined) return null;
  return Math.ceil(Math.round(priceRub * minPricePercent * 1e4) / 1e6);
}
