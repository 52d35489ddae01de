import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { POLL_BACKOFF, type PublishTask, applyImportResult, postponePoll } from '../../domain/publishing/publish-task.ts';
import { type SendWaiting } from './send-waiting.ts';
import { type ShopAccess } from '../shop-access.ts';
import { writeFinalResults, writeVariantStatuses } from './publish-write-back.ts';
import { minPriceFollowUps } from './min-price-follow-up.ts';

/** What a poll pass reports to its caller (the scheduler logs failures; the use case never throws for one task). */
export type PollEvent = { readonly taskId: string; readonly error: unknown };

export type PollPublishTasksDeps = {
  readonly publishTasks: PublishTaskRepository;
  readonly products: ProductRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly clock: Clock;
  readonly sendWaiting: SendWaiting;
  /** How long a claimed task stays with this process before another may poll it (its process may have died). */
  readonly leaseMs: number;
  /** The first wait of the poll back-off (`PUBLISH_POLL_FIRST`; 1 s by default). */
  readonly firstPollMs?: number;
  readonly onPollError?: (event: PollEvent) => void;
  /** With the policy's minimum price on: names the price updates queued after each import (min-price-follow-up.ts). */
  readonly minPriceFollowUp?: { readonly ids: Ids };
};
/**
 * Polls a batch of due tasks once and sends a batch of due waiting records; answers whether more may be due.
 * `stopping` is asked between tasks: once it says yes, the tasks claimed but not polled are handed back (due now,
 * for another instance) and no waiting record is sent.
 */
export type PollPublishTasks = ((stopping?: () => boolean) => Promise<boolean>) & {
  /**
   * Hands back the tasks this process claimed and has not finished, the one whose poll is in flight included (a
   * marketplace that does not answer must not keep it for the whole lease): due now. A poll answered after this
   * writes nothing, so the instance that takes the task over writes its result once.
   */
  handBack(): Promise<void>;
};

/** Tasks claimed per batch (a task of 100 products is one poll), so a batch ends well within its lease. */
export const POLL_TASKS_PER_CLAIM = 10;
/** Waiting records sent per batch; the rest wait for the next batch. */
export const WAITING_BATCH = 500;

/**
 * One batch of the background poller: claims due tasks (docs/decisions.md, Background work: whole tasks, with a lease, so two
 * processes never poll one task at once and a dead process's tasks are due again when its lease passes), asks
 * the marketplace once per task for its per-product results and folds each in, and sends the due
 * `waiting_quota` records (docs/decisions.md, Publishing). The product is written before the record, so a crash in between repeats an
 * idempotent write-back on the next poll instead of losing it.
 */
export function makePollPublishTasks({
  publishTasks,
  products,
  shopAccess,
  marketplace,
  clock,
  sendWaiting,
  leaseMs,
  firstPollMs = POLL_BACKOFF.firstMs,
  onPollError,
  minPriceFollowUp,
}: PollPublishTasksDeps): PollPublishTasks {
  /** Claimed by this process and not finished, by task id. */
  const held = new Map<string, readonly PublishTask[]>();
  const dueNow = (records: readonly PublishTask[]): PublishTask[] => {
    const due = clock.now().toISOString();
    return records.map((record) => ({ ...record, next_poll_at: due }));
  };

  const pollTask = async (taskId: string, records: readonly PublishTask[]): Promise<void> => {
    try {
      const shop = await shopAccess.find(records[0]!.shop_id);
      const items = await marketplace.importInfo(shopAccess.credentialsOf(shop), taskId);
      if (!held.has(taskId)) return; // handed back meanwhile: its new holder writes the result
      const now = clock.now().toISOString();
      const next = records.map((record) => applyImportResult(record, items, now, firstPollMs));
      await writeFinalResults(products, next, now);
      await publishTasks.update(...next);
      if (minPriceFollowUp) {
        const followUps = minPriceFollowUps(records, next, minPriceFollowUp.ids, now);
        if (followUps.length > 0) await publishTasks.insert(...followUps);
      }
    } catch (error) {
      if (!held.has(taskId)) return;
      onPollError?.({ taskId, error });
      const now = clock.now().toISOString();
      await publishTasks.update(...records.map((record) => postponePoll(record, now, firstPollMs)));
    }
  };

  const pass = async (stopping = () => false): Promise<boolean> => {
    const now = clock.now();
    const claimed = await publishTasks.claimPolls(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), POLL_TASKS_PER_CLAIM);
    const byTask = new Map<string, PublishTask[]>();
    for (const record of claimed) byTask.set(record.task_id!, [...(byTask.get(record.task_id!) ?? []), record]);
    for (const [taskId, records] of byTask) held.set(taskId, records);
    for (const [taskId, records] of byTask) {
      if (!held.has(taskId)) continue; // handed back already
      // Stopping: handed back due now, so another instance polls it at once rather than when this claim's lease lapses.
      if (stopping()) await publishTasks.update(...dueNow(records));
      else await pollTask(taskId, records);
      held.delete(taskId);
    }
    if (stopping()) return false;
    const waiting = await publishTasks.listDue(clock.now().toISOString(), WAITING_BATCH, ['waiting_quota']);
    if (waiting.length > 0) {
      try {
        await writeVariantStatuses(products, await sendWaiting(waiting), clock.now().toISOString());
      } catch (error) {
        onPollError?.({ taskId: 'waiting', error });
      }
    }
    return byTask.size >= POLL_TASKS_PER_CLAIM || waiting.length >= WAITING_BATCH;
  };

  return Object.assign(pass, {
    async handBack() {
      const records = [...held.values()].flat();
      held.clear();
      await publishTasks.update(...dueNow(records));
    },
  });
}
