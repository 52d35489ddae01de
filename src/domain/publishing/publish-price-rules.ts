import { type FieldProblem } from '../common/errors.ts';
import { type Product } from '../catalog/product.ts';
import { minPriceRub, priceRuleProblems } from '../pricing/price-rules.ts';
import { variantName } from '../variants/variant.ts';
import { rublesOf } from './publish-checks.ts';
import { variantAsProduct } from './publish-variants.ts';

/**
 * The marketplace's price rules (docs/decisions.md, Price rules) for every offer a product sends: the product itself, or
 * each enabled variant (its own computed price; the message names the variant). Paths are relative (`old_price`,
 * `variants/2/old_price`); the publish checks use them as they are and the ready checks as JSON pointers. A missing
 * price is left to the checks that report it.
 */
export function offerPriceProblems(product: Product, minPricePercent: number | null): FieldProblem[] {
  const offers =
    product.variants.length === 0
      ? [{ at: '', name: '', offer: product }]
      : product.variants.flatMap((variant, index) =>
          variant.enabled ? [{ at: `variants/${index}/`, name: `款式${variantName(variant)}：`, offer: variantAsProduct(product, variant) }] : [],
        );
  return offers.flatMap(({ at, name, offer }) => {
    const { price, old } = rublesOf(offer);
    if (price === null || !(price > 0)) return [];
    return priceRuleProblems({ price_rub: price, old_price_rub: old, min_price_rub: minPriceRub(price, minPricePercent) }).map((problem) => ({
      path: `${at}${problem.field}`,
      message: `${name}${problem.message}`,
    }));
  });
}
