import { type ProductRepository } from '../ports/product-repository.ts';
import { type FieldProblem } from '../../domain/common/errors.ts';
import { type PreparePublication, findPublishingShop } from './prepare-publication.ts';
import { type ShopAccess } from '../shop-access.ts';
import { loadProduct } from '../product-access.ts';

export type CheckPublishDeps = { readonly products: ProductRepository; readonly shopAccess: ShopAccess; readonly preparePublication: PreparePublication };
export type CheckPublishInput = { readonly productId: string; readonly shopId: string };
export type CheckPublishOutput = { readonly ok: boolean; readonly errors: readonly FieldProblem[] };
export type CheckPublish = (input: CheckPublishInput) => Promise<CheckPublishOutput>;

/** The pre-flight (docs/decisions.md, Publishing): the publish checks for one shop, nothing sent. */
export function makeCheckPublish({ products, shopAccess, preparePublication }: CheckPublishDeps): CheckPublish {
  return async ({ productId, shopId }) => {
    const product = await loadProduct(products, productId);
    const shop = await findPublishingShop(shopAccess, shopId);
    const prepared = await preparePublication(product, shop);
    return prepared.ok ? { ok: true, errors: [] } : { ok: false, errors: prepared.problems };
  };
}
