import { type Kysely, sql } from 'kysely';
import { type ClaimedJob, type Job, type JobItem, type JobStatus, type JobItemStatus, type JobStore } from '../../application/ports/job-store.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { type Database } from './database.ts';

const parse = (text: string): JsonObject => JSON.parse(text) as JsonObject;
/** Items are written in chunks: one INSERT per 100 rows stays under both databases' parameter limits. */
const INSERT_CHUNK = 100;
/** The lease of a job handed back: long past, so any claim takes it. */
const RELEASED = new Date(0).toISOString();

/** Jobs and their items (migration 012) in SQLite or PostgreSQL. */
export function makeKyselyJobStore(db: Kysely<Database>): JobStore {
  return {
    async create({ id, kind, params, subjects }, now) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('jobs')
          .values({
            id,
            kind,
            status: 'queued',
            params: JSON.stringify(params),
            total: subjects.length,
            done: 0,
            failed: 0,
            lease_owner: null,
            lease_until: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (let start = 0; start < subjects.length; start += INSERT_CHUNK) {
          const rows = subjects.slice(start, start + INSERT_CHUNK).map((subject, offset) => ({
            job_id: id,
            seq: start + offset,
            subject: JSON.stringify(subject),
            status: 'pending',
            result: null,
            error: null,
          }));
          await trx.insertInto('job_items').values(rows).execute();
        }
      });
    },

    async find(id) {
      const job = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      if (!job) return undefined;
      const items = await db.selectFrom('job_items').selectAll().where('job_id', '=', id).orderBy('seq').execute();
      const view: Job & { items: JobItem[] } = {
        id: job.id,
        kind: job.kind,
        status: job.status as JobStatus,
        params: parse(job.params),
        total: Number(job.total),
        done: Number(job.done),
        failed: Number(job.failed),
        created_at: job.created_at,
        updated_at: job.updated_at,
        items: items.map((item) => ({
          seq: Number(item.seq),
          subject: parse(item.subject),
          status: item.status as JobItemStatus,
          result: item.result === null ? null : parse(item.result),
          error: item.error,
        })),
      };
      return view;
    },

    async claim(owner, now, leaseUntil) {
      // The outer WHERE repeats the test: of two workers picking the same job, only the first update matches.
      const claimable = sql`(status = 'queued' or (status = 'running' and lease_until < ${now}))`;
      const { rows } = await sql<{ id: string; kind: string; params: string }>`update jobs set status = 'running', lease_owner = ${owner},
        lease_until = ${leaseUntil}, updated_at = ${now}
        where id = (select id from jobs where ${claimable} order by created_at, id limit 1) and ${claimable}
        returning id, kind, params`.execute(db);
      const row = rows[0];
      return row ? ({ id: row.id, kind: row.kind, params: parse(row.params) } satisfies ClaimedJob) : undefined;
    },

    async renew(id, owner, leaseUntil) {
      const result = await db
        .updateTable('jobs')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async release(owner) {
      // A lease that ended at the epoch: the claim's `lease_until < now` takes it at once.
      await db.updateTable('jobs').set({ lease_until: RELEASED }).where('lease_owner', '=', owner).where('status', '=', 'running').execute();
    },

    async nextItem(id) {
      const item = await db
        .selectFrom('job_items')
        .select(['seq', 'subject'])
        .where('job_id', '=', id)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      return item ? { seq: Number(item.seq), subject: parse(item.subject) } : undefined;
    },

    async finishItem(id, seq, outcome, now) {
      const failed = 'error' in outcome;
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('job_items')
          .set(failed ? { status: 'failed', error: outcome.error } : { status: 'done', result: JSON.stringify(outcome.result) })
          .where('job_id', '=', id)
          .where('seq', '=', seq)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return; // counted already (a taken-over job finishing twice)
        await trx
          .updateTable('jobs')
          .set(failed ? { failed: sql`failed + 1`, updated_at: now } : { done: sql`done + 1`, updated_at: now })
          .where('id', '=', id)
          .execute();
      });
    },

    async complete(id, now) {
      await db.updateTable('jobs').set({ status: 'done', lease_owner: null, lease_until: null, updated_at: now }).where('id', '=', id).execute();
    },
  };
}
