import { type ImportError, type PublishStatus, type PublishTask } from '../../domain/publishing/publish-task.ts';

/** Where publish records live (one per product and send); waiting and pending ones survive restarts. */
export interface PublishTaskRepository {
  /** Stores new records in one statement; their ids must not exist yet. */
  insert(...records: PublishTask[]): Promise<void>;
  /** Stores new records as `insert` does, held by `holder` (the request about to send them). */
  insertHeld(holder: string, records: readonly PublishTask[]): Promise<void>;
  /** The record with this id (a single publish's id is its task id), or undefined. */
  findById(id: string): Promise<PublishTask | undefined>;
  /** The records sent as one marketplace task, in insertion order of their products. */
  listByTask(taskId: string): Promise<PublishTask[]>;
  /** Replaces stored records (same ids). */
  update(...records: PublishTask[]): Promise<void>;
  /**
   * Replaces those of these stored records that `holder` still holds (no later claim took them over), each checked
   * and written in one statement; answers the records written. The others are left as their new holder stores them.
   */
  updateHeld(holder: string, records: readonly PublishTask[]): Promise<PublishTask[]>;
  /** The ids among these that `holder` still holds. */
  heldBy(holder: string, ids: readonly string[]): Promise<Set<string>>;
  /** Removes those of these records that `holder` still holds: never sent (a request undone because the marketplace was down). */
  removeHeld(holder: string, ids: readonly string[]): Promise<void>;
  /** A product's records, newest first, with the total. */
  listByProduct(productId: string, page: { page: number; pageSize: number }): Promise<{ total: number; items: PublishTask[] }>;
  /** Records of these statuses (default: pending and waiting) whose `next_poll_at` is at `now` or earlier, soonest first. */
  listDue(now: string, limit: number, statuses?: readonly PublishStatus[]): Promise<PublishTask[]>;
  /**
   * Claims the due pending records of up to `tasks` marketplace tasks for one poller: whole tasks, none another
   * claim holds; their `next_poll_at` becomes `leaseUntil` until the poll writes the next one. Answers them.
   */
  claimPolls(now: string, leaseUntil: string, tasks: number): Promise<PublishTask[]>;
  /**
   * Claims due waiting records for one sender: those still `waiting_quota` and due at `now` get `next_poll_at`
   * = `leaseUntil` (so no other process takes them meanwhile) and `holder` as their holder, in place of the one
   * whose lease lapsed; answers the ids this call claimed.
   */
  claimWaiting(ids: readonly string[], now: string, leaseUntil: string, holder: string): Promise<string[]>;
  /** The earliest `next_poll_at` of any pending or waiting record, or undefined. */
  nextPollAt(): Promise<string | undefined>;
  /** Whether a pending or waiting record exists for this shop. */
  hasPendingForShop(shopId: string): Promise<boolean>;
  /** Whether a pending or waiting record exists for this product. */
  hasPendingForProduct(productId: string): Promise<boolean>;
  /** The products among these that have a pending or waiting record. */
  openProductIds(productIds: readonly string[]): Promise<Set<string>>;
  /**
   * When each of these offers' prices went out to the marketplace in this shop at `since` or later (records of
   * operation `prices` the marketplace answered, updated or not), by offer id; offers without any are absent.
   */
  priceSendsSince(shopId: string, offerIds: readonly string[], since: string): Promise<Map<string, string[]>>;
  /** The records waiting to be sent (`waiting_quota`), in the order they go: soonest `next_poll_at`, then oldest. */
  listQueue(): Promise<PublishTask[]>;
  /**
   * Takes a product's waiting records out of the queue: each still `waiting_quota`, not due before `notDueBefore`
   * (so no sender holds it) and not being looked up after an unanswered send becomes `failed` with `withdrawn.errors`,
   * in one statement; answers the records changed (none when every one was about to go or already went).
   */
  withdrawWaiting(productId: string, notDueBefore: string, withdrawn: { readonly errors: readonly ImportError[]; readonly at: string }): Promise<PublishTask[]>;
  /** The newest record of the product's card (or of one variant's, by `variantId`) in the shop that left a card on the marketplace (imported or skipped). */
  lastCard(productId: string, shopId: string, variantId?: string | null): Promise<PublishTask | undefined>;
}
