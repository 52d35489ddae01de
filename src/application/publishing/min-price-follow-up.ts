import { type Ids } from '../ports/ids.ts';
import { type PublishTask, newWaitingRecord } from '../../domain/publishing/publish-task.ts';

/**
 * `/v3/product/import` has no `min_price` (docs/decisions.md, Price rules and quotas): when the pricing policy asks for a
 * minimum price, each card whose import just became `imported` gets a price update queued at once (a `waiting_quota`
 * record of operation `prices`, due now). The background sender prepares the product as it is then, so the minimum
 * price goes out through `/v1/product/import/prices` within the hourly price limit.
 */
export function minPriceFollowUps(before: readonly PublishTask[], after: readonly PublishTask[], ids: Ids, now: string): PublishTask[] {
  const wasPending = new Set(before.filter((record) => record.status === 'pending').map((record) => record.id));
  return after
    .filter((record) => record.operation === 'import' && record.status === 'imported' && wasPending.has(record.id))
    .map((record) => ({
      ...newWaitingRecord(
        {
          id: ids.uuid(),
          product_id: record.product_id,
          variant_id: record.variant_id,
          shop_id: record.shop_id,
          offer_id: record.offer_id,
          operation: 'prices',
        },
        now,
        now,
      ),
      marketplace_product_id: record.marketplace_product_id,
    }));
}
