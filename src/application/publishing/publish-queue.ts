import { conflict } from '../../domain/common/errors.ts';
import { firstCollectedTitle } from '../../domain/intake/collected-title.ts';
import { type QueueEntry, queueEntries } from '../../domain/publishing/publish-queue.ts';
import { ourError } from '../../domain/publishing/publish-task.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { writeVariantStatuses } from './publish-write-back.ts';

export type PublishQueueDeps = {
  readonly publishTasks: PublishTaskRepository;
  readonly products: ProductRepository;
  readonly shops: ShopRepository;
  readonly clock: Clock;
  /** PUBLISH_SEND_LEASE: a record due within it may already be held by a sender, so it is no longer taken out. */
  readonly sendLeaseMs: number;
};

export type PublishQueueItem = QueueEntry & { readonly name: string; readonly collected_title: string | null; readonly shop_name: string | null };
export type PublishQueue = { readonly total_products: number; readonly total_cards: number; readonly items: PublishQueueItem[] };
export type ListPublishQueue = () => Promise<PublishQueue>;
export type WithdrawFromQueue = (input: { readonly productId: string }) => Promise<{ readonly removed: number }>;

const notDueBefore = (deps: Pick<PublishQueueDeps, 'clock' | 'sendLeaseMs'>): string => new Date(deps.clock.now().getTime() + deps.sendLeaseMs).toISOString();

/** GET /publish/queue (issue 32 item 7): every product waiting to be sent, in the order it goes, with its cards and when. */
export function makeListPublishQueue(deps: PublishQueueDeps): ListPublishQueue {
  return async () => {
    const records = await deps.publishTasks.listQueue();
    const entries = queueEntries(records, notDueBefore(deps));
    const [products, shops] = await Promise.all([
      deps.products.findByIds(entries.map((entry) => entry.product_id)),
      deps.shops.list({ page: 1, pageSize: 100 }),
    ]);
    const byId = new Map(products.map((product) => [product.id, product]));
    const shopNames = new Map(shops.items.map((shop) => [shop.id, shop.name]));
    return {
      total_products: entries.length,
      total_cards: records.length,
      items: entries.map((entry) => {
        const product = byId.get(entry.product_id);
        return {
          ...entry,
          name: product?.name ?? '（已删除的商品）',
          collected_title: product ? firstCollectedTitle(product.raw) : null,
          shop_name: shopNames.get(entry.shop_id) ?? null,
        };
      }),
    };
  };
}

const WITHDRAWN = ourError('PUBLISH_WITHDRAWN', '卖家已把它移出发布队列，没有发送到平台');

/**
 * DELETE /publish/queue/{productId}: the product's waiting cards leave the queue, closed as `failed` with the reason
 * (the history keeps them; its colours show it), unless one is about to go or was sent unanswered (409); a product
 * not in the queue answers `removed: 0`.
 */
export function makeWithdrawFromQueue(deps: PublishQueueDeps): WithdrawFromQueue {
  return async ({ productId }) => {
    const now = deps.clock.now().toISOString();
    const withdrawn = await deps.publishTasks.withdrawWaiting(productId, notDueBefore(deps), { errors: [WITHDRAWN], at: now });
    if (withdrawn.length === 0) {
      // Not queued (any more): nothing to do, as a repeated DELETE finds it.
      const queued = (await deps.publishTasks.listQueue()).some((record) => record.product_id === productId);
      if (!queued) return { removed: 0 };
      throw conflict('PUBLISH_QUEUE_LEAVING', '该商品马上就要发送，或上次发送未收到回复正在核对，已不能移出队列');
    }
    await writeVariantStatuses(deps.products, withdrawn, now);
    return { removed: withdrawn.length };
  };
}
