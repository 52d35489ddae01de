import { randomUUID } from 'node:crypto';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { type PublishTaskRepository } from '../../src/application/ports/publish-task-repository.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type PublishTask, newPublishTask } from '../../src/domain/publishing/publish-task.ts';
import { type FakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY } from './marketplace-app.ts';

/** Where the cards are made: the fake marketplace in this process, or one in its own (bench/fake-ozon-process.ts). */
export type CardMaker = Pick<FakeOzon, 'url' | 'tasks'> | { readonly url: string; productIds(taskId: number): Promise<readonly number[]> };

/**
 * Products as they are once their imports became `imported`: each card made on the fake marketplace (100 an import
 * request, through the real adapter), the product stored with its card's id, and an imported publish record per
 * product, so the moderation sweep enrols them. For the sweep's tests and benchmarks (thousands at once).
 */
export async function storeImportedOffers(
  repositories: { readonly products: ProductRepository; readonly publishTasks: PublishTaskRepository },
  ozon: CardMaker,
  shopId: string,
  products: readonly Product[],
): Promise<void> {
  const marketplace = makeOzonMarketplace({ baseUrl: ozon.url, perSecond: 1_000 });
  const credentials = { clientId: '123456', apiKey: GOOD_KEY };
  const now = new Date().toISOString();
  for (let start = 0; start < products.length; start += 100) {
    const batch = products.slice(start, start + 100);
    const cards = batch.map((product) => {
      const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [product.primary_image!] });
      if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
      return prepared.items[0]!.item;
    });
    const { taskId } = await marketplace.importProducts(credentials, cards);
    const ids = 'tasks' in ozon ? ozon.tasks.get(Number(taskId))!.productIds : await ozon.productIds(Number(taskId));
    const records: PublishTask[] = batch.map((product, index) => ({
      ...newPublishTask({ id: randomUUID(), task_id: taskId, product_id: product.id, shop_id: shopId, offer_id: product.offer_id }, now),
      status: 'imported',
      marketplace_product_id: String(ids[index]),
      next_poll_at: null,
    }));
    for (const [index, product] of batch.entries()) await repositories.products.insert({ ...product, marketplace_product_id: String(ids[index]) });
    await repositories.publishTasks.insert(...records);
  }
}
