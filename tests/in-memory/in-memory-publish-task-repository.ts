import { type PublishTaskRepository } from '../../src/application/ports/publish-task-repository.ts';
import { type PublishStatus, type PublishTask } from '../../src/domain/publishing/publish-task.ts';
import { copy } from './catalog-state.ts';

/** The publish_tasks table of one in-memory database; each `makeInMemoryPublishTaskRepository(table)` is a connection to it. */
export type PublishTaskTable = Map<string, PublishTask>;

/** Statuses still in motion: sent and awaiting a result, or waiting to be sent. */
const OPEN: readonly PublishStatus[] = ['pending', 'waiting_quota'];
const isOpen = (record: PublishTask): boolean => OPEN.includes(record.status);
const isDue = (record: PublishTask, now: string): boolean => record.next_poll_at !== null && record.next_poll_at <= now;
const byId = (a: PublishTask, b: PublishTask): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Each table's `send_holder` column: who holds a record being sent (record id → holder). */
const holdersOf = new WeakMap<PublishTaskTable, Map<string, string>>();

/**
 * The PublishTaskRepository in memory; passes tests/contract/publish-task-repository.contract.ts and
 * publish-task-claims.contract.ts. Each claim reads and writes without awaiting in between, so it is one
 * statement as the databases' are: two claimers never share a record.
 */
export function makeInMemoryPublishTaskRepository(table: PublishTaskTable = new Map()): PublishTaskRepository {
  const rows = (): PublishTask[] => [...table.values()];
  if (!holdersOf.has(table)) holdersOf.set(table, new Map());
  const holders = holdersOf.get(table)!;
  const insert = async (...records: PublishTask[]): Promise<void> => {
    const ids = records.map((record) => record.id);
    if (ids.some((id, index) => table.has(id) || ids.indexOf(id) !== index)) throw new Error('duplicate publish record id');
    for (const record of records) table.set(record.id, copy(record));
  };
  const update = async (...records: PublishTask[]): Promise<void> => {
    for (const record of records) {
      const stored = table.get(record.id);
      // A record keeps the time it was made (the databases' update leaves `created_at` alone).
      if (stored) table.set(record.id, { ...copy(record), created_at: stored.created_at });
    }
  };
  const hasOpen = (matches: (record: PublishTask) => boolean): boolean => rows().some((record) => matches(record) && isOpen(record));

  return {
    insert,

    async insertHeld(holder, records) {
      await insert(...records);
      for (const record of records) holders.set(record.id, holder);
    },

    findById: async (id) => copy(table.get(id)),

    listByTask: async (taskId) =>
      copy(
        rows()
          .filter((record) => record.task_id === taskId)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || byId(a, b)),
      ),

    update,

    async updateHeld(holder, records) {
      const written = records.filter((record) => table.has(record.id) && holders.get(record.id) === holder);
      await update(...written);
      return copy(written);
    },

    heldBy: async (holder, ids) => new Set(ids.filter((id) => table.has(id) && holders.get(id) === holder)),

    async removeHeld(holder, ids) {
      for (const id of ids) {
        if (holders.get(id) !== holder) continue;
        table.delete(id);
        holders.delete(id);
      }
    },

    async listByProduct(productId, { page, pageSize }) {
      const mine = rows()
        .filter((record) => record.product_id === productId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || byId(b, a));
      return { total: mine.length, items: copy(mine.slice((page - 1) * pageSize, page * pageSize)) };
    },

    async listDue(now, limit, statuses = OPEN) {
      const due = rows().filter((record) => statuses.includes(record.status) && isDue(record, now));
      return copy(due.sort((a, b) => a.next_poll_at!.localeCompare(b.next_poll_at!) || byId(a, b)).slice(0, limit));
    },

    async claimPolls(now, leaseUntil, tasks) {
      if (tasks <= 0) return [];
      const due = rows().filter((record) => record.status === 'pending' && record.task_id !== null && isDue(record, now));
      const soonest = new Map<string, string>();
      for (const record of due) {
        const known = soonest.get(record.task_id!);
        if (known === undefined || record.next_poll_at! < known) soonest.set(record.task_id!, record.next_poll_at!);
      }
      const picked = new Set(
        [...soonest]
          .sort(([taskA, atA], [taskB, atB]) => atA.localeCompare(atB) || taskA.localeCompare(taskB))
          .slice(0, tasks)
          .map(([taskId]) => taskId),
      );
      const claimed = due.filter((record) => picked.has(record.task_id!)).map((record) => ({ ...record, next_poll_at: leaseUntil }));
      for (const record of claimed) table.set(record.id, record);
      return copy(claimed);
    },

    async claimWaiting(ids, now, leaseUntil, holder) {
      const claimed = [...new Set(ids)]
        .map((id) => table.get(id))
        .filter((record): record is PublishTask => record?.status === 'waiting_quota' && isDue(record, now));
      for (const record of claimed) table.set(record.id, { ...record, next_poll_at: leaseUntil });
      for (const record of claimed) holders.set(record.id, holder);
      return claimed.map((record) => record.id);
    },

    async listQueue() {
      const soonest = (a: PublishTask, b: PublishTask): number =>
        (a.next_poll_at ?? '').localeCompare(b.next_poll_at ?? '') || a.created_at.localeCompare(b.created_at) || byId(a, b);
      return rows()
        .filter((record) => record.status === 'waiting_quota')
        .sort(soonest)
        .map(copy);
    },

    async withdrawWaiting(productId, notDueBefore, withdrawn) {
      const taken = rows().filter(
        (record) =>
          record.product_id === productId &&
          record.status === 'waiting_quota' &&
          record.send_started_at === null &&
          record.next_poll_at !== null &&
          record.next_poll_at > notDueBefore,
      );
      const changed = taken.map((record): PublishTask => ({
        ...record,
        status: 'failed',
        errors: [...withdrawn.errors],
        next_poll_at: null,
        updated_at: withdrawn.at,
      }));
      for (const record of changed) {
        table.set(record.id, copy(record));
        holders.set(record.id, `withdrawn-${withdrawn.at}`);
      }
      return changed.map(copy);
    },

    async nextPollAt() {
      return rows()
        .filter((record) => isOpen(record) && record.next_poll_at !== null)
        .map((record) => record.next_poll_at!)
        .sort()[0];
    },

    hasPendingForShop: async (shopId) => hasOpen((record) => record.shop_id === shopId),
    hasPendingForProduct: async (productId) => hasOpen((record) => record.product_id === productId),
    openProductIds: async (productIds) =>
      new Set(
        rows()
          .filter((record) => isOpen(record) && productIds.includes(record.product_id))
          .map((record) => record.product_id),
      ),

    async priceSendsSince(shopId, offerIds, since) {
      const sends = new Map<string, string[]>();
      const wanted = new Set(offerIds);
      for (const record of rows()) {
        const sent = record.operation === 'prices' && record.card !== null && (record.status === 'imported' || record.status === 'failed');
        if (sent && record.shop_id === shopId && wanted.has(record.offer_id) && record.updated_at >= since)
          sends.set(record.offer_id, [...(sends.get(record.offer_id) ?? []), record.updated_at]);
      }
      return sends;
    },

    async lastCard(productId, shopId, variantId = null) {
      const cards = rows().filter(
        (record) =>
          record.product_id === productId &&
          record.shop_id === shopId &&
          record.variant_id === variantId &&
          (record.status === 'imported' || record.status === 'skipped') &&
          record.card !== null,
      );
      return copy(cards.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || byId(b, a))[0]);
    },
  };
}
