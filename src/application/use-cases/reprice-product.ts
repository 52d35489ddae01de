import { type PricingPolicy } from '../../domain/pricing.ts';
import { type Product } from '../../domain/product.ts';
import { applyQuote, pricingInputsOf, quoteProduct } from '../../domain/product-pricing.ts';
import { type GetFxRate } from './get-fx-rate.ts';

export type RepriceProductDeps = { readonly policy: PricingPolicy; readonly getFxRate: GetFxRate };

/** Recomputes a product's price from its stored inputs (the override rate, else the current one, snapshotted). */
export type RepriceProduct = (product: Product) => Promise<Product>;

export const makeRepriceProduct =
  (deps: RepriceProductDeps): RepriceProduct =>
  async (product) => {
    const inputs = pricingInputsOf(product);
    if (!inputs) return applyQuote(product, undefined);
    const fxRate = inputs.fx_override ?? (await deps.getFxRate()).rate;
    return applyQuote(product, quoteProduct(inputs, fxRate, deps.policy));
  };
