import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { nextPriceSendAt, type PriceSendLimit } from '../../domain/publishing/price-send-limit.ts';
import { type Outgoing } from './publish-batches.ts';
import { isSettling } from '../../domain/publishing/publish-reconcile.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { MAX_VARIANTS } from '../../domain/variants/variant.ts';

/** Price sends that may go now, and those that wait until the hour allows (each with when). */
export type PriceSendSplit = { readonly now: Outgoing[]; readonly later: { readonly entry: Outgoing; readonly at: string }[] };

/**
 * Holds back price updates of offers whose price already went out `perWindow` times in the window (docs/decisions.md,
 * Price rules and quotas), counted from the stored price records of the shop: they wait as `waiting_quota` until the
 * oldest of those sends leaves the window, and the background sender then sends the product as it is (the newest
 * change wins). Other operations pass untouched.
 */
export async function splitByPriceLimit(
  publishTasks: Pick<PublishTaskRepository, 'priceSendsSince'>,
  shopId: string,
  entries: readonly Outgoing[],
  now: string,
  limit: PriceSendLimit,
): Promise<PriceSendSplit> {
  const prices = entries.filter((entry) => entry.operation === 'prices');
  if (prices.length === 0) return { now: [...entries], later: [] };
  const since = new Date(Date.parse(now) - limit.windowMs).toISOString();
  const sends = await publishTasks.priceSendsSince(
    shopId,
    prices.map(({ item }) => item.offer_id),
    since,
  );
  const split: PriceSendSplit = { now: [], later: [] };
  for (const entry of entries) {
    const at = entry.operation === 'prices' ? nextPriceSendAt(sends.get(entry.item.offer_id) ?? [], now, limit) : now;
    if (at === now) split.now.push(entry);
    else split.later.push({ entry, at });
  }
  return split;
}

/**
 * A product's open records when every one is a price update waiting for the hourly limit, else undefined. Publishing
 * the product again then joins them instead of being refused as in progress: they go out when the hour allows, as
 * the product is then, so the newest change wins (send-waiting.ts prepares each record's product afresh).
 */
export async function waitingPriceRecords(publishTasks: Pick<PublishTaskRepository, 'listByProduct'>, productId: string): Promise<PublishTask[] | undefined> {
  const { items } = await publishTasks.listByProduct(productId, { page: 1, pageSize: MAX_VARIANTS + 1 });
  const open = items.filter((record) => record.status === 'waiting_quota' || record.status === 'pending');
  const priceWaits = open.filter((record) => record.status === 'waiting_quota' && record.operation === 'prices' && !isSettling(record));
  return open.length > 0 && priceWaits.length === open.length ? priceWaits : undefined;
}
