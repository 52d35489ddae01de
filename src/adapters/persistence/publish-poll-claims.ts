import { type Kysely, type Selectable, sql } from 'kysely';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { type PublishTaskTable } from './tables/marketplace.ts';

/**
 * Claims the due pending records of up to `tasks` marketplace tasks for one poller (docs/decisions.md, Background work): their
 * `next_poll_at` becomes `leaseUntil`, so no other process polls them meanwhile, and a claim whose process died
 * is simply due again once the lease has passed. A task is claimed whole (all its due records), so two
 * processes never poll the same task at once.
 */
export async function claimDuePolls(db: Kysely<Database>, now: string, leaseUntil: string, tasks: number): Promise<Selectable<PublishTaskTable>[]> {
  if (tasks <= 0) return [];
  const due = sql`status = 'pending' and task_id is not null and next_poll_at <= ${now}`;
  if (isSqlite(db as Kysely<unknown>)) {
    // One writer at a time: the statement is the whole claim.
    const { rows } = await sql<Selectable<PublishTaskTable>>`update publish_tasks set next_poll_at = ${leaseUntil}
      where ${due} and task_id in (
        select task_id from publish_tasks where ${due} group by task_id order by min(next_poll_at), task_id limit ${tasks})
      returning *`.execute(db);
    return rows;
  }
  // PostgreSQL: each task is locked through one lead record (its smallest id), skipping tasks another transaction
  // is claiming; locking every record instead could split one task between two claimers. Materialised, so the
  // pick runs once (as an `IN` subquery the planner may run it per row).
  const { rows } = await sql<Selectable<PublishTaskTable>>`with picked as materialized (
      select lead.task_id from publish_tasks lead
      where ${due} and lead.id = (select min(other.id) from publish_tasks other where other.task_id = lead.task_id and other.status = 'pending')
      order by lead.next_poll_at, lead.id limit ${tasks}
      for update skip locked)
    update publish_tasks set next_poll_at = ${leaseUntil} from picked
    where publish_tasks.task_id = picked.task_id and publish_tasks.status = 'pending' and publish_tasks.next_poll_at <= ${now}
    returning publish_tasks.*`.execute(db);
  return rows;
}
