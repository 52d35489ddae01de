import { type PriceCurrency, type PricingPolicy, type Quote, type TierChoice, quote } from '../../domain/pricing/pricing.ts';
import { type GetFxRate } from './get-fx-rate.ts';

export type QuotePriceDeps = { readonly policy: PricingPolicy; readonly getFxRate: GetFxRate };

export type QuotePriceInput = {
  readonly cost_cny: number;
  readonly weight_g: number;
  readonly markup_percent?: number | undefined;
  readonly reserve_discount_percent?: number | undefined;
  readonly tier?: TierChoice | undefined;
  /** Override; the current rate is used when absent. */
  readonly fx_rate?: number | undefined;
  readonly currency_code?: PriceCurrency | undefined;
  /** The marketplace's commission, replacing the tier's. */
  readonly commission_percent?: number | undefined;
};

export type QuotePrice = (input: QuotePriceInput) => Promise<Quote>;

/** POST /pricing/quote: the same computation as a stored price, without saving anything. */
export const makeQuotePrice =
  (deps: QuotePriceDeps): QuotePrice =>
  async (input) => {
    const fxRate = input.fx_rate ?? (await deps.getFxRate()).rate;
    return quote({ ...input, fx_rate: fxRate }, deps.policy);
  };
