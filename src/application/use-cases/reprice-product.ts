import { type PricingPolicy } from '../../domain/pricing/pricing.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { hasPricingInputs, priceProduct } from '../../domain/variants/variant-pricing.ts';
import { type GetFxRate } from './get-fx-rate.ts';

export type RepriceProductDeps = { readonly policy: PricingPolicy; readonly getFxRate: GetFxRate };

/**
 * Recomputes a product's price and its variants' from the stored inputs at one rate (the override, else the
 * current one, snapshotted): the product's price is then its lowest enabled variant's (docs/decisions.md, Variants).
 */
export type RepriceProduct = (product: Product) => Promise<Product>;

export const makeRepriceProduct =
  (deps: RepriceProductDeps): RepriceProduct =>
  async (product) => {
    if (!hasPricingInputs(product)) return priceProduct(product, undefined, deps.policy);
    const override = product.pricing.fx_rate;
    const fxRate = typeof override === 'number' && Number.isFinite(override) ? override : (await deps.getFxRate()).rate;
    return priceProduct(product, fxRate, deps.policy);
  };
