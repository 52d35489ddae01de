import type { BulkPublishReply } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';

/** The contract's cap for one `POST /api/publish` (docs/decisions.md, Publishing). */
export const MAX_BULK = 500;

/**
 * Publishes many products through one shop: the service checks each, batches the rest by 100 per import
 * request, and holds what exceeds the quota as waiting (sent by itself later).
 */
export function bulkPublish(app: App, shopId: string, productIds: readonly string[]): Promise<BulkPublishReply> {
  return app.api.json<BulkPublishReply>('/api/publish', { method: 'POST', json: { shop_id: shopId, product_ids: productIds }, timeoutMs: 120_000 });
}
