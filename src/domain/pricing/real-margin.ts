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
  let rounded = Math.ceil(round6(hi) * 100) / 100;
  // Halving stops within half a cent of the edge, so the cent rounded up to can be one above the least one.
  for (let step = 0; step < 2 && rounded - 0.01 >= low && reaches(round2(rounded - 0.01)); step++) rounded = round2(rounded - 0.01);
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
  const reaches = (value: number): boolean => marginAt(value) >= marginPercent;
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
    if (next.tier === breakdown.tier) return leastInAnyTier(markup);
    // Back in a tier already tried: the margin falls where the price jumps from one tier to the next (no markup hits
    // it exactly); the least markup between the two reaching it, found by halving (the margin rises with the markup).
    if (seen.has(next.tier)) return leastInAnyTier(leastReaching(Math.min(...tried), Math.max(...tried), reaches));
    seen.add(next.tier);
    breakdown = next;
  }
  return leastInAnyTier(Math.max(...tried));

  /**
   * A markup found by following the tiers from the default one can be beaten by a lower one in a tier the walk
   * skipped: a cheaper tier keeps a larger share, so the margin can fall as the price rises into the next tier. Each
   * tier's markups form one range (the price never falls as the markup rises) in which the margin never falls, so
   * the least reaching markup of a tier is found by halving between its entry and a markup of it that reaches.
   */
  function leastInAnyTier(found: number): number {
    let best = found;
    const lowest = PRICING_LIMITS.markupPercent.min;
    for (const tier of policy.tiers) {
      if (at(best).price_rub < tier.min_price_rub) continue;
      const entry = at(lowest).price_rub >= tier.min_price_rub ? lowest : leastReaching(lowest, best, (value) => at(value).price_rub >= tier.min_price_rub);
      const share = shareKept(tier, commission);
      if (!(share > wanted)) continue;
      const solved = Math.max(entry, Math.ceil(round6((tier.net_ratio / (share - wanted) - 1) * 100) * 100) / 100);
      if (solved >= best || at(solved).tier !== tier.tier || !reaches(solved)) continue;
      const least = at(entry).tier === tier.tier ? leastReaching(entry, solved, reaches) : solved;
      if (least < best) best = least;
    }
    return best;
  }
}
