import { type Clock } from '../ports/clock.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { type PublishTask, newPublishTask } from '../../domain/publish-task.ts';
import { type PreparePublication, findPublishingShop } from './prepare-publication.ts';
import { type ShopAccess } from './shop-access.ts';

export type PublishProductDeps = {
  readonly products: ProductRepository;
  readonly preparePublication: PreparePublication;
  readonly publishTasks: PublishTaskRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly clock: Clock;
  /** Told about each new task so the poller can schedule its first poll and the audit log records it. */
  readonly onTaskCreated?: (task: PublishTask) => void | Promise<void>;
};
export type PublishProductInput = { readonly productId: string; readonly shopId: string };
export type PublishProduct = (input: PublishProductInput) => Promise<PublishTask>;

/**
 * Publishes a `ready` product through a shop: validates and assembles the import item, starts the marketplace
 * import, and records the task (its id is the marketplace's) for the background poller.
 */
export function makePublishProduct(deps: PublishProductDeps): PublishProduct {
  const { products, publishTasks, shopAccess, marketplace, clock } = deps;
  return async ({ productId, shopId }) => {
    const product = await products.findById(productId);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    if (product.stage !== 'ready') throw conflict('PRODUCT_NOT_READY', '只有「待上架」状态的商品才能发布，请先通过就绪检查');
    const shop = await findPublishingShop(shopAccess, shopId);
    if (await publishTasks.hasPendingForProduct(productId)) throw conflict('PUBLISH_IN_PROGRESS', '该商品已有发布任务在等待平台结果');

    const prepared = await deps.preparePublication(product, shop);
    if (!prepared.ok) throw invalid('PUBLISH_CHECKS_FAILED', `商品还不能发布：${prepared.problems.length} 项检查未通过`, prepared.problems);

    const { taskId } = await marketplace.importProducts(shopAccess.credentialsOf(shop), [prepared.item]);
    const task = newPublishTask({ task_id: taskId, product_id: product.id, shop_id: shop.id, offer_id: product.offer_id }, clock.now().toISOString());
    await publishTasks.insert(task);
    await deps.onTaskCreated?.(task);
    return task;
  };
}
