import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { notFound } from '../../domain/errors.ts';
import { type PublishTask } from '../../domain/publish-task.ts';

export type ListPublishHistoryDeps = { readonly products: ProductRepository; readonly publishTasks: PublishTaskRepository };
export type ListPublishHistoryInput = { readonly productId: string; readonly page: number; readonly pageSize: number };
export type ListPublishHistory = (input: ListPublishHistoryInput) => Promise<{ total: number; items: PublishTask[] }>;

/** A product's publish attempts, newest first. */
export function makeListPublishHistory({ products, publishTasks }: ListPublishHistoryDeps): ListPublishHistory {
  return async ({ productId, page, pageSize }) => {
    if (!(await products.findById(productId))) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    return publishTasks.listByProduct(productId, { page, pageSize });
  };
}
