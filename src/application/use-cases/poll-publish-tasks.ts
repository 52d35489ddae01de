import { type Clock } from '../ports/clock.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { isDomainError } from '../../domain/errors.ts';
import { type Product } from '../../domain/product.ts';
import { markPublished, revise } from '../../domain/product-stage.ts';
import { type PublishTask, applyImportResult, postponePoll } from '../../domain/publish-task.ts';
import { type SendWaiting } from './send-waiting.ts';
import { type ShopAccess } from './shop-access.ts';

/** What a poll pass reports to its caller (the scheduler logs failures; the use case never throws for one task). */
export type PollEvent = { readonly taskId: string; readonly error: unknown };

export type PollPublishTasksDeps = {
  readonly publishTasks: PublishTaskRepository;
  readonly products: ProductRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly clock: Clock;
  readonly sendWaiting: SendWaiting;
  readonly onPollError?: (event: PollEvent) => void;
};
/** Polls every due task once; answers how many were polled. */
export type PollPublishTasks = () => Promise<number>;

/** Records handled per pass (a task of 100 products is one poll); the rest wait for the next pass. */
export const POLL_BATCH = 500;
const WRITE_BACK_RETRIES = 3;

/**
 * Writes an import's marketplace id onto the product. `ready` (or re-published) products become `published`;
 * a product the user moved on meanwhile keeps its stage but learns its marketplace id. Retries when a
 * concurrent edit bumped the version; a product deleted meanwhile is skipped.
 */
async function writeBack(products: ProductRepository, task: PublishTask, marketplaceId: string, now: string): Promise<void> {
  for (let attempt = 0; attempt < WRITE_BACK_RETRIES; attempt++) {
    const product = await products.findById(task.product_id);
    if (!product) return;
    let next: Product;
    try {
      next = markPublished(product, { marketplaceProductId: marketplaceId, publishedAt: now }, now);
    } catch (error) {
      if (!isDomainError(error) || error.kind !== 'conflict') throw error;
      if (product.marketplace_product_id === marketplaceId) return;
      next = revise(product, { marketplace_product_id: marketplaceId }, now);
    }
    if (await products.update(next, product.version)) return;
  }
  throw new Error(`product ${task.product_id} kept changing during the publish write-back`);
}

/**
 * One pass of the background poller: asks the marketplace once per due task for its per-product results and
 * folds each in (DECISIONS §7), and sends the due `waiting_quota` records (§9.1). The product is written before
 * the record, so a crash in between repeats an idempotent write-back on the next pass instead of losing it.
 */
export function makePollPublishTasks({ publishTasks, products, shopAccess, marketplace, clock, sendWaiting, onPollError }: PollPublishTasksDeps): PollPublishTasks {
  const pollTask = async (taskId: string, records: readonly PublishTask[]): Promise<void> => {
    try {
      const shop = await shopAccess.find(records[0]!.shop_id);
      const items = await marketplace.importInfo(shopAccess.credentialsOf(shop), taskId);
      const now = clock.now().toISOString();
      const next = records.map((record) => applyImportResult(record, items, now));
      for (const record of next) {
        if (record.status === 'imported' && record.marketplace_product_id) await writeBack(products, record, record.marketplace_product_id, now);
      }
      await publishTasks.update(...next);
    } catch (error) {
      onPollError?.({ taskId, error });
      const now = clock.now().toISOString();
      await publishTasks.update(...records.map((record) => postponePoll(record, now)));
    }
  };

  return async () => {
    const due = await publishTasks.listDue(clock.now().toISOString(), POLL_BATCH);
    const byTask = new Map<string, PublishTask[]>();
    const waiting: PublishTask[] = [];
    for (const record of due) {
      if (record.status === 'pending' && record.task_id !== null) byTask.set(record.task_id, [...(byTask.get(record.task_id) ?? []), record]);
      else waiting.push(record);
    }
    for (const [taskId, records] of byTask) await pollTask(taskId, records);
    if (waiting.length > 0) {
      try {
        await sendWaiting(waiting);
      } catch (error) {
        onPollError?.({ taskId: 'waiting', error });
      }
    }
    return due.length;
  };
}
