import { ApiError, messageOf } from '../api/client.ts';
import type { BulkPublishReply, PublishTask } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';

/** The contract's cap for one `POST /api/publish` (DECISIONS §9.1). */
export const MAX_BULK = 500;

/**
 * Publishes many products through one shop: `POST /api/publish` (the service batches them by 100 and holds
 * what exceeds the quota as waiting). Where the service does not have it yet (404), each product is
 * published on its own, and the answers are put in the same shape.
 */
export async function bulkPublish(app: App, shopId: string, productIds: readonly string[]): Promise<BulkPublishReply> {
  try {
    return await app.api.json<BulkPublishReply>('/api/publish', { method: 'POST', json: { shop_id: shopId, product_ids: productIds }, timeoutMs: 120_000 });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && error.code !== 'SHOP_NOT_FOUND')) throw error;
  }
  const reply: { tasks: { task_id: string; product_ids: string[] }[]; waiting: string[]; refused: { product_id: string; errors: { path: string; message: string }[] }[] } = { tasks: [], waiting: [], refused: [] };
  for (const productId of productIds) {
    try {
      const task = await app.api.json<PublishTask>(`/api/products/${productId}/publish`, { method: 'POST', json: { shop_id: shopId } });
      if (task.status === 'waiting_quota') reply.waiting.push(productId);
      else if (task.task_id !== null) reply.tasks.push({ task_id: task.task_id, product_ids: [productId] });
    } catch (failure) {
      const errors = failure instanceof ApiError && (failure.errors ?? []).length > 0 ? [...(failure.errors ?? [])] : [{ path: '', message: messageOf(failure) }];
      reply.refused.push({ product_id: productId, errors });
    }
  }
  return reply;
}
