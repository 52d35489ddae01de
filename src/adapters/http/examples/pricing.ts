import { DEFAULT_PRICING_POLICY } from '../../../domain/pricing/pricing.ts';
import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

/** The pricing policy, quotes and the exchange rate. */
export const PRICING_EXAMPLES: Record<string, OperationExample> = {
  postPricingQuote: {
    body: { cost_cny: 20, weight_g: 300, markup_percent: 80, tier: 'auto' },
    status: 200,
    answer: {
      price: 800,
      old_price: 1600,
      currency_code: 'RUB',
      breakdown: {
        tier: 'low',
        weight_band: 1,
        logistics_cny: 13.5,
        landed_rub: 375.2,
        net_ratio: 0.845,
        commission_percent: 15.5,
        markup_percent: 80,
        reserve_discount_percent: 50,
        price_rub: 800,
        old_price_rub: 1600,
        profit_rub: 300.8,
        fx_rate: 11.2,
      },
    },
  },
  // The built-in table as GET /pricing/policy answers it (one source: the domain's default policy).
  getPricingPolicy: { status: 200, answer: DEFAULT_PRICING_POLICY },
  getFx: { status: 200, answer: { rate: 11.42, source: 'cbr', updated_at: EXAMPLE.updatedAt, ts: EXAMPLE.updatedAt, stale: false } },
};
