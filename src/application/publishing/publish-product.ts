import { type ProductRepository } from '../ports/product-repository.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { conflict, invalid } from '../../domain/common/errors.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { findPublishingShop } from './prepare-publication.ts';
import { type PublicationDispatch, isExisting } from './publication-dispatch.ts';
import { type ShopAccess } from '../shop-access.ts';
import { loadProduct } from '../product-access.ts';

export type PublishProductDeps = {
  readonly products: ProductRepository;
  readonly shopAccess: ShopAccess;
  readonly publicationDispatch: PublicationDispatch;
};
/** `actor`: who publishes, for the audit log's `publish_sent`. */
export type PublishProductInput = { readonly productId: string; readonly shopId: string; readonly actor?: Actor | undefined };
/** The product's record; `existing` only when its card was already on the shop (same offer id) and goes as an update of it. */
export type PublishProduct = (input: PublishProductInput) => Promise<PublishTask & { readonly existing?: true }>;

/**
 * Publishes one `ready` product (or updates a published one's card) through a shop: the publish checks, then the
 * send within the shop's quota. The record is `pending` with the marketplace's task id, or `waiting_quota`.
 */
const OPEN_REFUSALS: readonly string[] = ['PUBLISH_IN_PROGRESS', 'PUBLISH_QUEUED', 'PUBLISH_SETTLING'];

export function makePublishProduct({ products, shopAccess, publicationDispatch }: PublishProductDeps): PublishProduct {
  return async ({ productId, shopId, actor }) => {
    const product = await loadProduct(products, productId);
    if (product.stage !== 'ready' && product.stage !== 'published') throw conflict('PRODUCT_NOT_READY', '只有「待上架」状态的商品才能发布，请先通过就绪检查');
    const shop = await findPublishingShop(shopAccess, shopId);
    const candidate = await publicationDispatch.evaluate(product, shop);
    if (!candidate.ok) {
      // Open records (awaiting a result, queued, being looked up): a state to wait for, not a problem to fix.
      if (OPEN_REFUSALS.includes(candidate.code)) throw conflict(candidate.code, candidate.detail);
      throw invalid(candidate.code, candidate.detail, candidate.problems);
    }
    const [record] = await publicationDispatch.dispatch(shop, [candidate], actor);
    return isExisting(candidate) ? { ...record!, existing: true } : record!;
  };
}
