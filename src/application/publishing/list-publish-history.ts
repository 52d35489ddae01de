import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { loadProduct } from '../product-access.ts';

export type ListPublishHistoryDeps = { readonly products: ProductRepository; readonly publishTasks: PublishTaskRepository };
export type ListPublishHistoryInput = { readonly productId: string; readonly page: number; readonly pageSize: number };
export type ListPublishHistory = (input: ListPublishHistoryInput) => Promise<{ total: number; items: PublishTask[] }>;

/** A product's publish attempts, newest first. */
export function makeListPublishHistory({ products, publishTasks }: ListPublishHistoryDeps): ListPublishHistory {
  return async ({ productId, page, pageSize }) => {
    await loadProduct(products, productId);
    return publishTasks.listByProduct(productId, { page, pageSize });
  };
}
