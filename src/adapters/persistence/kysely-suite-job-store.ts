import { type Kysely, type Selectable, sql } from 'kysely';
import { type SuiteJobStore, type SuiteWork } from '../../application/ports/suite-jobs.ts';
import { type SuiteImage, type SuiteJob, type SuiteStatus, isFinal } from '../../domain/ai/suite-job.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { type SuiteJobTable } from './tables/ai.ts';

const JOB_COLUMNS = [
  'id',
  'product_id',
  'status',
  'style_set',
  'platform',
  'lang',
  'ratio',
  'provider',
  'total',
  'images',
  'error',
  'created_at',
  'updated_at',
] as const;
type JobRow = Pick<Selectable<SuiteJobTable>, (typeof JOB_COLUMNS)[number]>;

const toJob = (row: JobRow): SuiteJob => ({
  ...row,
  status: row.status as SuiteStatus,
  style_set: Number(row.style_set),
  total: Number(row.total),
  images: JSON.parse(row.images) as SuiteImage[],
});

/** Suite jobs (migration 014) in SQLite or PostgreSQL. */
export function makeKyselySuiteJobStore(db: Kysely<Database>): SuiteJobStore {
  return {
    async create(job, work, leaseUntil) {
      await db
        .insertInto('suite_jobs')
        .values({ ...job, images: JSON.stringify(job.images), work: JSON.stringify(work), claimed_until: leaseUntil })
        .execute();
    },

    async get(id) {
      const row = await db.selectFrom('suite_jobs').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    async listByProduct(productId, limit) {
      const rows = await db
        .selectFrom('suite_jobs')
        .select(JOB_COLUMNS)
        .where('product_id', '=', productId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toJob);
    },

    async work(id) {
      const row = await db.selectFrom('suite_jobs').select('work').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.work) as SuiteWork) : undefined;
    },

    async save(job) {
      await db
        .updateTable('suite_jobs')
        .set({
          status: job.status,
          images: JSON.stringify(job.images),
          error: job.error,
          updated_at: job.updated_at,
          ...(isFinal(job.status) ? { claimed_until: null } : {}),
        })
        .where('id', '=', job.id)
        .execute();
    },

    async claimUnfinished(now, leaseUntil, limit) {
      if (limit <= 0) return [];
      const oldest = sql`select id from suite_jobs where status in ('pending', 'running') and (claimed_until is null or claimed_until < ${now})
        order by created_at, id limit ${limit}`;
      // SQLite has one writer at a time, so the statement is the whole claim; PostgreSQL skips rows another
      // transaction is claiming (materialised, so the pick runs once).
      const { rows } = isSqlite(db as Kysely<unknown>)
        ? await sql<{ id: string }>`update suite_jobs set claimed_until = ${leaseUntil} where id in (${oldest}) returning id`.execute(db)
        : await sql<{ id: string }>`with picked as materialized (${oldest} for update skip locked)
            update suite_jobs set claimed_until = ${leaseUntil} from picked where suite_jobs.id = picked.id returning suite_jobs.id`.execute(db);
      return rows.map((row) => row.id);
    },

    async renew(ids, leaseUntil) {
      if (ids.length > 0)
        await db
          .updateTable('suite_jobs')
          .set({ claimed_until: leaseUntil })
          .where('id', 'in', [...ids])
          .where('claimed_until', 'is not', null)
          .execute();
    },

    async release(ids) {
      if (ids.length > 0)
        await db
          .updateTable('suite_jobs')
          .set({ claimed_until: null })
          .where('id', 'in', [...ids])
          .execute();
    },
  };
}
