import { type Kysely } from 'kysely';
import { type Database } from './database.ts';

/**
 * Queue depths for the metrics gauges, read at each scrape (every ~15 s): counts over the indexes the workers
 * claim through (`assets_unfinished_idx` for downloads), so a backlog of 100 000 costs a scan of its index only.
 */
export function makeQueueDepths(db: Kysely<Database>) {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }): Promise<number> =>
    Number((await query.executeTakeFirstOrThrow()).n);
  return {
    /** Images and videos not downloaded yet (pending, or being downloaded). */
    pendingDownloads: () =>
      count(
        db
          .selectFrom('assets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['pending', 'downloading']),
      ),
    /** Publish records in one status (`waiting_quota`: not sent yet; `pending`: sent, result not known yet). */
    publishRecords: (status: 'waiting_quota' | 'pending') =>
      count(
        db
          .selectFrom('publish_tasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', status),
      ),
    /** Stock pairs waiting to be sent (`stock_sends_due_idx` leads with the status). */
    pendingStockSends: () =>
      count(
        db
          .selectFrom('stock_sends')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'waiting'),
      ),
    /** Offers the moderation sweep should have looked at by now (`market_offers_due_idx`). */
    dueMarketChecks: (now: string) =>
      count(
        db
          .selectFrom('market_offers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('next_check_at', '<=', now),
      ),
    /** Bulk and translate jobs queued or running. */
    unfinishedJobs: () =>
      count(
        db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['queued', 'running']),
      ),
  };
}
