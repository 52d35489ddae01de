import { type Kysely } from 'kysely';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { type Database } from './database.ts';
import { toRow } from './publish-task-rows.ts';

export type PublishHolds = Pick<PublishTaskRepository, 'insertHeld' | 'updateHeld' | 'heldBy' | 'removeHeld'>;

/** Rows per insert statement, as the repository's plain insert. */
const INSERT_CHUNK = 100;

/**
 * Writes of records being sent, each conditional on its holder (migration 023): a claim (`claimWaiting`) replaces
 * the holder, so a sender whose lease lapsed and was taken over writes nothing. Each check is the update's own
 * `where`, one statement per record: PostgreSQL re-checks it on the row it locks, SQLite has one writer. Part of the
 * Kysely publish-task repository.
 */
export function makeKyselyPublishHolds(db: Kysely<Database>): PublishHolds {
  return {
    async insertHeld(holder, records) {
      for (let start = 0; start < records.length; start += INSERT_CHUNK) {
        await db
          .insertInto('publish_tasks')
          .values(records.slice(start, start + INSERT_CHUNK).map((record) => ({ ...toRow(record), send_holder: holder })))
          .execute();
      }
    },

    async updateHeld(holder, records) {
      const writeAll = async (executor: Kysely<Database>): Promise<PublishTask[]> => {
        const written: PublishTask[] = [];
        for (const record of records) {
          const { id, created_at: _created, ...changes } = toRow(record);
          const result = await executor.updateTable('publish_tasks').set(changes).where('id', '=', id).where('send_holder', '=', holder).executeTakeFirst();
          if (Number(result.numUpdatedRows) > 0) written.push(record);
        }
        return written;
      };
      // One record is one statement; several share a transaction (one commit).
      return records.length <= 1 ? writeAll(db) : db.transaction().execute(writeAll);
    },

    async heldBy(holder, ids) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('publish_tasks')
        .select('id')
        .where('id', 'in', [...ids])
        .where('send_holder', '=', holder)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async removeHeld(holder, ids) {
      if (ids.length > 0)
        await db
          .deleteFrom('publish_tasks')
          .where('id', 'in', [...ids])
          .where('send_holder', '=', holder)
          .execute();
    },
  };
}
