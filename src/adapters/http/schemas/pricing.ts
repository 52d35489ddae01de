import { Type } from '@sinclair/typebox';
import { literals } from './common.ts';
import { PRICE_CURRENCIES, PRICING_LIMITS, type PricingPolicy, TIER_CHOICES, TIERS } from '../../../domain/pricing/pricing.ts';

const { markupPercent, reserveDiscountPercent } = PRICING_LIMITS;

export const QuoteBody = Type.Object(
  {
    cost_cny: Type.Number({ minimum: 0, maximum: 10_000_000 }),
    weight_g: Type.Number({ exclusiveMinimum: 0, maximum: PRICING_LIMITS.weightG.max }),
    markup_percent: Type.Optional(Type.Number({ minimum: markupPercent.min, maximum: markupPercent.max })),
    reserve_discount_percent: Type.Optional(Type.Number({ minimum: reserveDiscountPercent.min, maximum: reserveDiscountPercent.max })),
    tier: Type.Optional(literals(TIER_CHOICES)),
    fx_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: '不传则用当前汇率' })),
    currency_code: Type.Optional(literals(PRICE_CURRENCIES)),
    commission_percent: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 100, description: '平台实际佣金率（%），代替档位的佣金；不传则用档位的' }),
    ),
  },
  { additionalProperties: false },
);

export const Breakdown = Type.Object({
  tier: literals(TIERS),
  weight_band: Type.Integer(),
  logistics_cny: Type.Number(),
  landed_rub: Type.Number(),
  net_ratio: Type.Number(),
  commission_percent: Type.Number(),
  markup_percent: Type.Number(),
  reserve_discount_percent: Type.Number(),
  price_rub: Type.Integer(),
  old_price_rub: Type.Union([Type.Integer(), Type.Null()]),
  profit_rub: Type.Number(),
  fx_rate: Type.Number(),
});

export const QuoteResponse = Type.Object({
  price: Type.Number(),
  old_price: Type.Union([Type.Number(), Type.Null()]),
  currency_code: literals(PRICE_CURRENCIES),
  breakdown: Breakdown,
});

export const PolicyResponse = Type.Unsafe<PricingPolicy>(
  Type.Object({
    version: Type.String(),
    defaults: Type.Object({
      markup_percent: Type.Number(),
      reserve_discount_percent: Type.Number(),
      tier: literals(TIER_CHOICES),
      min_price_percent: Type.Optional(
        Type.Union([Type.Number(), Type.Null()], { description: '随价格发送的最低价占售价的百分比（50–100，不含 100）；null 或缺省表示不发送' }),
      ),
    }),
    tiers: Type.Array(
      Type.Object({
        tier: literals(TIERS),
        min_price_rub: Type.Number(),
        max_price_rub: Type.Union([Type.Number(), Type.Null()]),
        net_ratio: Type.Number(),
        commission_percent: Type.Number(),
        weight_bands: Type.Array(Type.Object({ max_weight_g: Type.Number(), base_cny: Type.Number(), per_gram_cny: Type.Number() })),
      }),
    ),
  }),
);

export const FxResponse = Type.Object({
  rate: Type.Number(),
  source: Type.Union([literals(['cbr', 'er-api', 'currency-api', 'default'])]),
  updated_at: Type.String({ format: 'date-time' }),
  ts: Type.String({ format: 'date-time', description: '同 updated_at（新版字段名）' }),
  stale: Type.Boolean(),
});
