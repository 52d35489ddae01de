import { type Kysely } from 'kysely';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type Database } from './database.ts';
import { toTask } from './publish-task-rows.ts';

export type PublishQueueStore = Pick<PublishTaskRepository, 'listQueue' | 'withdrawWaiting'>;

/** Longest queue the page is shown (records, not products): a day's create quota is at most a few thousand. */
export const QUEUE_LIMIT = 5_000;

/** The publish queue (issue 32 item 7): the records waiting to be sent, in the order they go, and taking a product's out. Part of the Kysely publish-task repository. */
export function makeKyselyPublishQueue(db: Kysely<Database>): PublishQueueStore {
  return {
    async listQueue() {
      const rows = await db
        .selectFrom('publish_tasks')
        .selectAll()
        .where('status', '=', 'waiting_quota')
        .orderBy('next_poll_at')
        .orderBy('created_at')
        .orderBy('id')
        .limit(QUEUE_LIMIT)
        .execute();
      return rows.map(toTask);
    },

    async withdrawWaiting(productId, notDueBefore, withdrawn) {
      // One statement: a record a sender claimed has its lease as next_poll_at (before notDueBefore), and one being
      // looked up after an unanswered send has send_started_at; neither is taken. The holder is replaced, so a
      // sender that held it earlier writes nothing for it any more.
      const rows = await db
        .updateTable('publish_tasks')
        .set({
          status: 'failed',
          errors: JSON.stringify(withdrawn.errors),
          next_poll_at: null,
          updated_at: withdrawn.at,
          send_holder: `withdrawn-${withdrawn.at}`,
        })
        .where('product_id', '=', productId)
        .where('status', '=', 'waiting_quota')
        .where('send_started_at', 'is', null)
        .where('next_poll_at', '>', notDueBefore)
        .returningAll()
        .execute();
      return rows.map(toTask);
    },
  };
}
