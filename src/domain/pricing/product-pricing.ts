import { type JsonObject, type JsonValue } from '../common/json.ts';
import { type PriceCurrency, type PricingPolicy, PRICE_CURRENCIES, type Quote, TIER_CHOICES, type TierChoice, quote } from './pricing.ts';
import { type Product } from '../catalog/product.ts';

/** Grams per weight unit the product's `weight_unit` may name. */
export const GRAMS_PER_UNIT: Readonly<Record<string, number>> = { g: 1, kg: 1000, lb: 453.59237 };

/** The keys of the `pricing` group that feed the computation; a change to any of them recomputes the price. */
export const PRICING_INPUT_KEYS = ['cost_cny', 'weight_g', 'markup_percent', 'reserve_discount_percent', 'tier', 'fx_rate'] as const;

const numberOf = (value: JsonValue | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The product's weight in grams: `pricing.weight_g` first, else `weight` in `weight_unit`. */
export function weightInGrams(product: Pick<Product, 'pricing' | 'weight' | 'weight_unit'>): number | undefined {
  const explicit = numberOf(product.pricing.weight_g);
  if (explicit !== undefined) return explicit;
  const perUnit = GRAMS_PER_UNIT[product.weight_unit];
  return product.weight !== null && perUnit !== undefined ? product.weight * perUnit : undefined;
}

/** The product's pricing inputs without the exchange rate; undefined while cost or weight is missing. */
export type ProductPricingInputs = {
  readonly cost_cny: number;
  readonly weight_g: number;
  readonly markup_percent: number | undefined;
  readonly reserve_discount_percent: number | undefined;
  readonly tier: TierChoice | undefined;
  /** The user's override of the current rate, if any. */
  readonly fx_override: number | undefined;
  readonly currency_code: PriceCurrency;
};

export function pricingInputsOf(product: Pick<Product, 'pricing' | 'weight' | 'weight_unit' | 'currency_code'>): ProductPricingInputs | undefined {
  const cost = numberOf(product.pricing.cost_cny);
  const weight = weightInGrams(product);
  if (cost === undefined || weight === undefined) return undefined;
  const tier = product.pricing.tier;
  return {
    cost_cny: cost,
    weight_g: weight,
    markup_percent: numberOf(product.pricing.markup_percent),
    reserve_discount_percent: numberOf(product.pricing.reserve_discount_percent),
    tier: TIER_CHOICES.includes(tier as TierChoice) ? (tier as TierChoice) : undefined,
    fx_override: numberOf(product.pricing.fx_rate),
    currency_code: (PRICE_CURRENCIES as readonly string[]).includes(product.currency_code) ? (product.currency_code as PriceCurrency) : 'RUB',
  };
}

/** Whether anything the price depends on differs between two versions of a product. */
export function pricingInputsChanged(before: Product, after: Product): boolean {
  if (before.weight !== after.weight || before.weight_unit !== after.weight_unit || before.currency_code !== after.currency_code) return true;
  return PRICING_INPUT_KEYS.some((key) => JSON.stringify(before.pricing[key] ?? null) !== JSON.stringify(after.pricing[key] ?? null));
}

/** The product's quote; with the marketplace's commission (0 < x < 100) in place of the tier's when given. */
export function quoteProduct(inputs: ProductPricingInputs, fxRate: number, policy: PricingPolicy, commissionPercent?: number): Quote {
  return quote({ ...inputs, fx_rate: fxRate, ...(commissionPercent === undefined ? {} : { commission_percent: commissionPercent }) }, policy);
}

/** The product with a fresh price: flat `price`/`old_price`/`fx_rate` and `pricing.result`; cleared when inputs are missing. */
export function applyQuote(product: Product, result: Quote | undefined): Product {
  if (!result) {
    const { result: _dropped, ...pricing } = product.pricing;
    return { ...product, price: null, old_price: null, pricing };
  }
  const pricing: JsonObject = { ...product.pricing, result: { ...result.breakdown } };
  return { ...product, price: result.price, old_price: result.old_price, fx_rate: result.breakdown.fx_rate, pricing };
}

/** True when the stored price equals a fresh computation from the stored inputs and the `fx_rate` snapshot. */
export function storedPriceIsFresh(product: Product, policy: PricingPolicy): boolean {
  const inputs = pricingInputsOf(product);
  if (!inputs || product.fx_rate === null || product.price === null) return false;
  try {
    const fresh = quoteProduct(inputs, product.fx_rate, policy);
    return fresh.price === product.price && fresh.old_price === product.old_price;
  } catch {
    return false;
  }
}

/**
 * What keeps a product from being priced (issue 32 item 5: a bulk pricing reported success for products still
 * without a price): the cost and the weight, each at its field, in Chinese; empty when both are there.
 */
export function missingPricingInputs(product: Pick<Product, 'pricing' | 'weight' | 'weight_unit'>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (numberOf(product.pricing.cost_cny) === undefined) problems.push({ path: '/pricing/cost_cny', message: '缺少采购成本（元），无法定价' });
  if (weightInGrams(product) === undefined) problems.push({ path: '/pricing/weight_g', message: '缺少重量（克），无法定价' });
  return problems;
}
