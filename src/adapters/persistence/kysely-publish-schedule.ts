import { type Kysely } from 'kysely';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type Database } from './database.ts';
import { claimDuePolls } from './publish-poll-claims.ts';
import { OPEN, toTask } from './publish-task-rows.ts';

export type PublishSchedule = Pick<PublishTaskRepository, 'listDue' | 'claimPolls' | 'claimWaiting' | 'nextPollAt'>;

/**
 * The publish records' timetable: which are due (`next_poll_at` passed), claiming them for one process under a
 * lease, and when the next one falls due. Part of the Kysely publish-task repository.
 */
export function makeKyselyPublishSchedule(db: Kysely<Database>): PublishSchedule {
  return {
    async listDue(now, limit, statuses = OPEN) {
      const rows = await db
        .selectFrom('publish_tasks')
        .selectAll()
        .where('status', 'in', [...statuses])
        .where('next_poll_at', '<=', now)
        .orderBy('next_poll_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toTask);
    },

    claimPolls: async (now, leaseUntil, tasks) => (await claimDuePolls(db, now, leaseUntil, tasks)).map(toTask),

    async claimWaiting(ids, now, leaseUntil, holder) {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('publish_tasks')
        .set({ next_poll_at: leaseUntil, send_holder: holder })
        .where('id', 'in', [...ids])
        .where('status', '=', 'waiting_quota')
        .where('next_poll_at', '<=', now)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async nextPollAt() {
      const row = await db
        .selectFrom('publish_tasks')
        .select((eb) => eb.fn.min('next_poll_at').as('next'))
        .where('status', 'in', OPEN)
        .executeTakeFirst();
      return row?.next ?? undefined;
    },
  };
}
