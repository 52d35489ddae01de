import { type DomainError, type FieldProblem, invalid, isDomainError } from '../common/errors.ts';
import { type PricingPolicy, type Quote } from '../pricing/pricing.ts';
import { type Product } from '../catalog/product.ts';
import { applyQuote, pricingInputsOf, type ProductPricingInputs, quoteProduct } from '../pricing/product-pricing.ts';
import { type Variant, variantName } from './variant.ts';

/**
 * Variant prices (docs/decisions.md, Variants): the one pricing computation with the variant's own cost and weight (default the
 * product's) and the product's other inputs and rate. The product's price is its lowest enabled variant's. This
 * file imports only the domain, so the web page bundles it and shows the same prices while the seller types.
 */

/** What pricing reads of a variant (the page passes the API's shape). */
export type VariantPricingSide = Pick<Variant, 'cost_cny' | 'weight_g' | 'label_zh' | 'offer_id'>;

/** A variant's pricing inputs; undefined while its cost or weight (own or the product's) is missing. */
export function variantPricingInputs(
  product: Pick<Product, 'pricing' | 'weight' | 'weight_unit' | 'currency_code'>,
  variant: Pick<Variant, 'cost_cny' | 'weight_g'>,
): ProductPricingInputs | undefined {
  const pricing = {
    ...product.pricing,
    ...(variant.cost_cny !== null ? { cost_cny: variant.cost_cny } : {}),
    ...(variant.weight_g !== null ? { weight_g: variant.weight_g } : {}),
  };
  return pricingInputsOf({ ...product, pricing });
}

/** The quote of a variant; a refusal (weight beyond the last band) names the variant's fields. */
export function quoteVariant(product: Product, variant: VariantPricingSide, index: number, fxRate: number, policy: PricingPolicy): Quote | undefined {
  const inputs = variantPricingInputs(product, variant);
  if (!inputs) return undefined;
  try {
    return quoteProduct(inputs, fxRate, policy);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw renamed(error, index, variant);
  }
}

const renamed = (error: DomainError, index: number, variant: VariantPricingSide): DomainError =>
  invalid(
    error.code,
    `款式${variantName(variant)}：${error.detail}`,
    error.problems.map((problem) => ({ path: `/variants/${index}${problem.path}`, message: `款式${variantName(variant)}${problem.message}` })),
  );

const withQuote = (variant: Variant, result: Quote | undefined): Variant => ({
  ...variant,
  price: result?.price ?? null,
  old_price: result?.old_price ?? null,
  breakdown: result ? { ...result.breakdown } : null,
});

/** Whether the product needs an exchange rate to be priced: it or one of its variants has complete inputs. */
export const hasPricingInputs = (product: Product): boolean =>
  pricingInputsOf(product) !== undefined || product.variants.some((variant) => variantPricingInputs(product, variant) !== undefined);

/**
 * The product priced at `fxRate` (undefined when it has no complete inputs): its own quote, each variant's, and
 * then the product's price, old price and breakdown taken from its lowest-priced enabled variant when there is one.
 */
export function priceProduct(product: Product, fxRate: number | undefined, policy: PricingPolicy): Product {
  const own = fxRate === undefined ? undefined : pricingInputsOf(product);
  const ownPriced = applyQuote(product, own && fxRate !== undefined ? quoteProduct(own, fxRate, policy) : undefined);
  if (product.variants.length === 0) return ownPriced;
  const quotes = product.variants.map((variant, index) => (fxRate === undefined ? undefined : quoteVariant(product, variant, index, fxRate, policy)));
  const variants = product.variants.map((variant, index) => withQuote(variant, quotes[index]));
  let lowest: Quote | undefined;
  variants.forEach((variant, index) => {
    const result = quotes[index];
    if (variant.enabled && result && (!lowest || result.price < lowest.price)) lowest = result;
  });
  return { ...(lowest ? applyQuote(ownPriced, lowest) : ownPriced), variants };
}

const pricingSide = (variant: Variant) => [variant.cost_cny, variant.weight_g, variant.enabled];

/** Whether an edit changed anything a variant's price depends on (which variants exist, their cost, weight, enabling). */
export function variantPricingChanged(before: Product, after: Product): boolean {
  if (before.variants.length !== after.variants.length) return true;
  return before.variants.some((variant, index) => {
    const other = after.variants[index];
    return !other || other.id !== variant.id || JSON.stringify(pricingSide(variant)) !== JSON.stringify(pricingSide(other));
  });
}

/** Ready check (docs/decisions.md, Variants): each enabled variant's price equals a fresh computation at the product's rate snapshot. */
export function variantPriceProblems(product: Product, policy: PricingPolicy): FieldProblem[] {
  const enabled = product.variants.filter((variant) => variant.enabled);
  if (enabled.length === 0) return [{ path: '/variants', message: '所有款式都已停用，至少启用一个款式' }];
  const problems: FieldProblem[] = [];
  product.variants.forEach((variant, index) => {
    if (!variant.enabled) return;
    let fresh: Quote | undefined;
    try {
      fresh = product.fx_rate === null ? undefined : quoteVariant(product, variant, index, product.fx_rate, policy);
    } catch {
      fresh = undefined;
    }
    if (!fresh || fresh.price !== variant.price || fresh.old_price !== variant.old_price) {
      problems.push({ path: `/variants/${index}/price`, message: `款式${variantName(variant)}的价格缺失或与定价策略重新计算的结果不一致，请重新定价` });
    }
  });
  return problems;
}
