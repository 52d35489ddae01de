import { invalid } from '../common/errors.ts';
import { PRICING_LIMITS, type PricingBreakdown, type PricingPolicy, quote, round2, round6, shareKept } from './pricing.ts';
import { type ProductPricingInputs } from './product-pricing.ts';

/** What the marketplace reports of an offer's price (`/v5/product/info/prices`); a commission of 0 is unknown. */
export type MarketPriceFacts = {
  readonly price: number;
  readonly currency_code: string;
  readonly commission_percent: number | null;
};

export type RealMargin = {
  /** The offer's current price in roubles (the marketplace's, not recomputed). */
  readonly price_rub: number;
  readonly real_profit_rub: number;
  /** `real_profit_rub ÷ price`, in percent (2 decimals). */
  readonly real_margin_percent: number;
};

/**
 * The real profit of an offer (docs/decisions.md, Real margin): its current price in roubles × the share kept with
 * the marketplace's commission in place of the tier's (the planned breakdown's tier) − the planned `landed_rub`.
 * Undefined while the price is unknown or not positive.
 */
export function realMargin(
  planned: Pick<PricingBreakdown, 'net_ratio' | 'commission_percent' | 'landed_rub' | 'fx_rate'>,
  market: MarketPriceFacts,
): RealMargin | undefined {
  const priceRub = market.currency_code === 'CNY' ? market.price * planned.fx_rate : market.price;
  if (!(priceRub > 0)) return undefined;
  const commission = market.commission_percent !== null && market.commission_percent > 0 ? market.commission_percent : undefined;
  const share = shareKept(planned, commission);
  const profit = priceRub * share - planned.landed_rub;
  return { price_rub: round2(priceRub), real_profit_rub: round2(profit), real_margin_percent: round2((profit / priceRub) * 100) };
}

/** Whether a margin floor (percent, null = off) flags this real margin. */
export const belowFloor = (margin: RealMargin | undefined, floorPercent: number | null): boolean =>
  margin !== undefined && floorPercent !== null && margin.real_margin_percent < floorPercent;

/** Bounds of `reprice_to_margin`'s `margin_percent` (a margin of 100 % or more cannot be reached). */
export const MARGIN_LIMITS = { min: 0, below: 100 } as const;

/** The least value in [low, high] (to 0.01, rounded up) for which `reaches` holds, `high` known to reach. */
function leastReaching(low: number, high: number, reaches: (value: number) => boolean): number {
  let [lo, hi] = [low, high];
  while (hi - lo > 0.005) {
    const mid = (lo + hi) / 2;
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  const rounded = Math.ceil(round6(hi) * 100) / 100;
  return reaches(rounded) ? rounded : high;
}

/**
 * The markup whose price (the product's own quote, the tier's commission) has `marginPercent` of real margin under
 * the marketplace's commission (`realMargin` of that quote): the price needed is landed ÷ (share − margin), so the
 * markup is tier net_ratio ÷ (share − margin) − 1, solved in the tier the price lands in (again when the tier
 * changes) and rounded up to 2 decimals, so the margin reached is at least the one asked (more where it falls
 * between two tiers' price bounds).
 */
export function markupForMargin(
  inputs: ProductPricingInputs,
  fxRate: number,
  policy: PricingPolicy,
  marginPercent: number,
  commissionPercent?: number | null,
): number {
  if (!(marginPercent >= MARGIN_LIMITS.min && marginPercent < MARGIN_LIMITS.below))
    throw invalid('MARGIN_OUT_OF_RANGE', `目标利润率必须在 ${MARGIN_LIMITS.min}% 到 ${MARGIN_LIMITS.below}% 之间（不含 ${MARGIN_LIMITS.below}%）`, [
      { path: '/margin_percent', message: '利润率必须 ≥ 0 且 < 100' },
    ]);
  const commission = commissionPercent !== undefined && commissionPercent !== null && commissionPercent > 0 ? commissionPercent : undefined;
  const at = (markup: number) => quote({ ...inputs, fx_rate: fxRate, markup_percent: markup }, policy).breakdown;
  const wanted = marginPercent / 100;
  const marginAt = (value: number): number => {
    const priced = at(value);
    return realMargin(priced, { price: priced.price_rub, currency_code: 'RUB', commission_percent: commission ?? null })?.real_margin_percent ?? -Infinity;
  };
  let markup = inputs.markup_percent ?? policy.defaults.markup_percent;
  let breakdown = at(markup);
  const tried: number[] = [];
  const seen = new Set<string>([breakdown.tier]);
  for (let round = 0; round < 4; round++) {
    const share = shareKept(breakdown, commission);
    const needed = Math.ceil(round6((breakdown.net_ratio / (share - wanted) - 1) * 100) * 100) / 100;
    if (!(share > wanted) || needed > PRICING_LIMITS.markupPercent.max)
      throw invalid('MARGIN_UNREACHABLE', `按平台佣金，利润率 ${marginPercent}% 无法达到（加价率将超过 ${PRICING_LIMITS.markupPercent.max}%）`, [
        { path: '/margin_percent', message: '利润率过高' },
      ]);
    markup = Math.max(PRICING_LIMITS.markupPercent.min, needed);
    tried.push(markup);
    const next = at(markup);
    if (next.tier === breakdown.tier) return markup;
    // Back in a tier already tried: the margin falls where the price jumps from one tier to the next (no markup hits
    // it exactly); the least markup between the two reaching it, found by halving (the margin rises with the markup).
    if (seen.has(next.tier)) return leastReaching(Math.min(...tried), Math.max(...tried), (value) => marginAt(value) >= marginPercent);
    seen.add(next.tier);
    breakdown = next;
  }
  return Math.max(...tried);
}
