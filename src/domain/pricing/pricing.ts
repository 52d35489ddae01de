/**
 * The pricing policy: the ONE authoritative price computation (docs/decisions.md, Pricing). The server uses it for the
 * stored price, the ready check and the exports; the web page bundles this very file, so it imports nothing
 * outside `src/domain` and does no I/O.
 *
 * Stable API (the web page depends on it):
 *
 *   quote(inputs: PricingInputs, policy: PricingPolicy): Quote
 *     throws DomainError (kind `invalid`): PRICING_WEIGHT_OUT_OF_RANGE (weight above the last band),
 *     PRICING_INPUT_INVALID (an input outside its bounds), PRICING_TIER_UNKNOWN (tier missing from the policy)
 *
 *   PricingInputs = { cost_cny, weight_g, fx_rate, markup_percent?, reserve_discount_percent?, tier?, currency_code?,
 *                     commission_percent? }   (the marketplace's own commission, replacing the tier's)
 *   Quote = { price, old_price, currency_code, breakdown: PricingBreakdown }
 *   PricingBreakdown = { tier, weight_band, logistics_cny, landed_rub, net_ratio, commission_percent,
 *                        price_rub, old_price_rub, profit_rub, fx_rate }
 *
 * Policy JSON (`GET /api/pricing/policy`, or the file named by PRICING_POLICY_FILE):
 *
 *   { "version": "…",
 *     "defaults": { "markup_percent": 30, "reserve_discount_percent": 50, "tier": "auto" },
 *     "tiers": [ { "tier": "low", "min_price_rub": 0, "max_price_rub": 1500, "net_ratio": 0.845,
 *                  "commission_percent": 15.5,
 *                  "weight_bands": [ { "max_weight_g": 500, "base_cny": 3, "per_gram_cny": 0.035 }, … ] }, … ] }
 *
 * `max_price_rub: null` means no upper bound. `tiers` are tried in the listed order by `auto`.
 */
import { invalid } from '../common/errors.ts';

export const TIERS = ['low', 'high', 'high2'] as const;
export type Tier = (typeof TIERS)[number];
export type TierChoice = Tier | 'auto';
export const TIER_CHOICES: readonly TierChoice[] = ['auto', ...TIERS];

export const PRICE_CURRENCIES = ['RUB', 'CNY'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

/** Input bounds (docs/decisions.md, Pricing); the HTTP schemas and the policy defaults use the same numbers. */
export const PRICING_LIMITS = {
  markupPercent: { min: 0, max: 1000 },
  reserveDiscountPercent: { min: 0, max: 95 },
  /** `defaults.min_price_percent`: at least half the price (the marketplace's rule), below the whole of it. */
  minPricePercent: { min: 50, below: 100 },
  /** The heaviest parcel priced: the default policy's last band, and what the request schemas accept. */
  weightG: { max: 30_000 },
} as const;

export type WeightBand = {
  /** Inclusive upper bound of the band, in grams. */
  readonly max_weight_g: number;
  readonly base_cny: number;
  readonly per_gram_cny: number;
};

export type TierPolicy = {
  readonly tier: Tier;
  /** Inclusive lower bound of the price band; `auto` raises a lower price to it. */
  readonly min_price_rub: number;
  /** Inclusive upper bound; null = unbounded. */
  readonly max_price_rub: number | null;
  /** Share of the price the seller keeps after the marketplace's commission and fees. */
  readonly net_ratio: number;
  readonly commission_percent: number;
  /** Ascending by `max_weight_g`; the first band whose bound holds the weight applies. */
  readonly weight_bands: readonly WeightBand[];
};

export type PricingPolicy = {
  readonly version: string;
  readonly defaults: {
    readonly markup_percent: number;
    readonly reserve_discount_percent: number;
    readonly tier: TierChoice;
    /**
     * The minimum price sent with prices, as a share of the price (docs/decisions.md, Price rules): 50 to under 100;
     * absent or null (the default) sends none.
     */
    readonly min_price_percent?: number | null;
  };
  readonly tiers: readonly TierPolicy[];
};

/** The default table (carrier CEL "Standard" rates; docs/decisions.md, Pricing). */
export const DEFAULT_PRICING_POLICY: PricingPolicy = {
  version: 'cel-standard-2026',
  defaults: { markup_percent: 30, reserve_discount_percent: 50, tier: 'auto' },
  tiers: [
    {
      tier: 'low',
      min_price_rub: 0,
      max_price_rub: 1500,
      net_ratio: 0.845,
      commission_percent: 15.5,
      weight_bands: [
        { max_weight_g: 500, base_cny: 3, per_gram_cny: 0.035 },
        { max_weight_g: 30_000, base_cny: 23, per_gram_cny: 0.025 },
      ],
    },
    {
      tier: 'high',
      min_price_rub: 1501,
      max_price_rub: 7000,
      net_ratio: 0.785,
      commission_percent: 21.5,
      weight_bands: [
        { max_weight_g: 2000, base_cny: 16, per_gram_cny: 0.035 },
        { max_weight_g: 30_000, base_cny: 36, per_gram_cny: 0.025 },
      ],
    },
    {
      tier: 'high2',
      min_price_rub: 7001,
      max_price_rub: null,
      net_ratio: 0.785,
      commission_percent: 21.5,
      weight_bands: [
        { max_weight_g: 5000, base_cny: 22, per_gram_cny: 0.035 },
        { max_weight_g: 30_000, base_cny: 62, per_gram_cny: 0.028 },
      ],
    },
  ],
};

export type PricingInputs = {
  /** Unit purchase cost incl. domestic shipping, ≥ 0. */
  readonly cost_cny: number;
  /** > 0. */
  readonly weight_g: number;
  /** RUB per 1 CNY used for this computation (the caller resolves override vs current rate). */
  readonly fx_rate: number;
  readonly markup_percent?: number | undefined;
  readonly reserve_discount_percent?: number | undefined;
  readonly tier?: TierChoice | undefined;
  readonly currency_code?: PriceCurrency | undefined;
  /**
   * The marketplace's own commission for this offer (0 < x < 100), replacing the tier's: the share kept becomes
   * `net_ratio + (tier commission_percent − commission_percent) / 100`, the tier's other fees unchanged.
   */
  readonly commission_percent?: number | undefined;
};

export type PricingBreakdown = {
  readonly tier: Tier;
  /** 1-based index of the weight band used. */
  readonly weight_band: number;
  readonly logistics_cny: number;
  readonly landed_rub: number;
  readonly net_ratio: number;
  readonly commission_percent: number;
  readonly markup_percent: number;
  readonly reserve_discount_percent: number;
  readonly price_rub: number;
  readonly old_price_rub: number | null;
  readonly profit_rub: number;
  readonly fx_rate: number;
};

export type Quote = {
  /** In `currency_code`. */
  readonly price: number;
  readonly old_price: number | null;
  readonly currency_code: PriceCurrency;
  readonly breakdown: PricingBreakdown;
};

/** Rounds to 6 decimals: kills float noise (e.g. 593.0000000001) before `ceil`. */
export const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
/** Rounds half up to 2 decimals; `toPrecision` first, so 115.835 (stored as 115.83499…) gives 115.84. */
export const round2 = (value: number): number => Math.round(Number((value * 100).toPrecision(15))) / 100;

type TierPrice = { tier: TierPolicy; band: number; logistics: number; landed: number; price: number; share: number };

/** The share of the price kept in a tier: its `net_ratio`, with the marketplace's commission in place of the tier's when known. */
export const shareKept = (tier: Pick<TierPolicy, 'net_ratio' | 'commission_percent'>, commissionPercent?: number): number =>
  commissionPercent === undefined ? tier.net_ratio : round6(tier.net_ratio + (tier.commission_percent - commissionPercent) / 100);

function priceInTier(tier: TierPolicy, inputs: PricingInputs, markup: number): TierPrice | undefined {
  const index = tier.weight_bands.findIndex((band) => inputs.weight_g <= band.max_weight_g);
  const band = tier.weight_bands[index];
  if (!band) return undefined;
  const logistics = band.base_cny + band.per_gram_cny * inputs.weight_g;
  const landed = (inputs.cost_cny + logistics) * inputs.fx_rate;
  const share = shareKept(tier, inputs.commission_percent);
  if (share <= 0) return undefined;
  const price = Math.ceil(round6((landed * (1 + markup / 100)) / share));
  return { tier, band: index + 1, logistics, landed, price, share };
}

function chooseTier(policy: PricingPolicy, inputs: PricingInputs, choice: TierChoice, markup: number): TierPrice {
  const weightError = () =>
    invalid('PRICING_WEIGHT_OUT_OF_RANGE', `重量 ${inputs.weight_g} g 超出物流价目表的最大重量`, [{ path: '/weight_g', message: '重量超出最大重量档' }]);
  if (choice !== 'auto') {
    const tier = policy.tiers.find((t) => t.tier === choice);
    if (!tier) throw invalid('PRICING_TIER_UNKNOWN', `定价策略中没有 ${choice} 档`, [{ path: '/tier', message: '未知的档位' }]);
    const priced = priceInTier(tier, inputs, markup);
    if (!priced) throw weightError();
    return priced;
  }
  let last: TierPrice | undefined;
  for (const tier of policy.tiers) {
    const priced = priceInTier(tier, inputs, markup);
    if (!priced) continue;
    last = priced;
    if (tier.max_price_rub === null || priced.price <= tier.max_price_rub) {
      return { ...priced, price: Math.max(priced.price, tier.min_price_rub) };
    }
  }
  if (!last) throw weightError();
  // Only reached when even the last tier has an upper bound below the price: keep its plain price.
  return last;
}

function checkInputs(inputs: PricingInputs, markup: number, reserve: number): void {
  const problems: { path: string; message: string }[] = [];
  if (!Number.isFinite(inputs.cost_cny) || inputs.cost_cny < 0) problems.push({ path: '/cost_cny', message: '成本必须 ≥ 0' });
  if (!Number.isFinite(inputs.weight_g) || inputs.weight_g <= 0) problems.push({ path: '/weight_g', message: '重量必须 > 0' });
  if (!Number.isFinite(inputs.fx_rate) || inputs.fx_rate <= 0) problems.push({ path: '/fx_rate', message: '汇率必须 > 0' });
  const { markupPercent: m, reserveDiscountPercent: r } = PRICING_LIMITS;
  if (!(markup >= m.min && markup <= m.max)) problems.push({ path: '/markup_percent', message: `加价率必须在 ${m.min}..${m.max}` });
  if (!(reserve >= r.min && reserve <= r.max)) problems.push({ path: '/reserve_discount_percent', message: `预留折扣必须在 ${r.min}..${r.max}` });
  const commission = inputs.commission_percent;
  if (commission !== undefined && !(commission > 0 && commission < 100))
    problems.push({ path: '/commission_percent', message: '平台佣金率必须大于 0 且小于 100' });
  if (problems.length > 0) throw invalid('PRICING_INPUT_INVALID', '定价参数不合法', problems);
}

/** Computes the price, old price and breakdown for one product's inputs under a policy (docs/decisions.md, Pricing). */
export function quote(inputs: PricingInputs, policy: PricingPolicy): Quote {
  const markup = inputs.markup_percent ?? policy.defaults.markup_percent;
  const reserve = inputs.reserve_discount_percent ?? policy.defaults.reserve_discount_percent;
  checkInputs(inputs, markup, reserve);
  const chosen = chooseTier(policy, inputs, inputs.tier ?? policy.defaults.tier, markup);
  const priceRub = chosen.price;
  const oldPriceRub = reserve > 0 ? Math.ceil(round6(priceRub / (1 - reserve / 100))) : null;
  const currency = inputs.currency_code ?? 'RUB';
  const inCurrency = (rub: number): number => (currency === 'RUB' ? rub : round2(rub / inputs.fx_rate));
  return {
    price: inCurrency(priceRub),
    old_price: oldPriceRub === null ? null : inCurrency(oldPriceRub),
    currency_code: currency,
    breakdown: {
      tier: chosen.tier.tier,
      weight_band: chosen.band,
      logistics_cny: round6(chosen.logistics),
      landed_rub: round6(chosen.landed),
      net_ratio: chosen.share,
      commission_percent: inputs.commission_percent ?? chosen.tier.commission_percent,
      markup_percent: markup,
      reserve_discount_percent: reserve,
      price_rub: priceRub,
      old_price_rub: oldPriceRub,
      profit_rub: round2(priceRub * chosen.share - chosen.landed),
      fx_rate: inputs.fx_rate,
    },
  };
}
