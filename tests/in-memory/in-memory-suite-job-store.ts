import { type SuiteJobStore, type SuiteWork } from '../../src/application/ports/suite-jobs.ts';
import { isFinal, type SuiteJob } from '../../src/domain/ai/suite-job.ts';
import { copy } from './catalog-state.ts';

type StoredSuite = { job: SuiteJob; work: SuiteWork; claimedUntil: string | null };

/** The suite_jobs table of one in-memory database; each call of `makeInMemorySuiteJobStore(table)` is a connection to it. */
export type SuiteJobTable = Map<string, StoredSuite>;

const byAge = (a: SuiteJob, b: SuiteJob): number => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1);

/** The SuiteJobStore in memory; passes tests/contract/suite-job-store.contract.ts. */
export function makeInMemorySuiteJobStore(table: SuiteJobTable = new Map()): SuiteJobStore {
  return {
    async create(job, work, leaseUntil) {
      if (table.has(job.id)) throw new Error(`duplicate suite id ${job.id}`);
      table.set(job.id, { job: copy(job), work: copy(work), claimedUntil: leaseUntil });
    },

    async get(id) {
      const row = table.get(id);
      return row ? copy(row.job) : undefined;
    },

    async listByProduct(productId, limit) {
      const jobs = [...table.values()].map((row) => row.job).filter((job) => job.product_id === productId);
      return copy(jobs.sort((a, b) => byAge(b, a)).slice(0, limit));
    },

    async work(id) {
      const row = table.get(id);
      return row ? copy(row.work) : undefined;
    },

    async save(job) {
      const row = table.get(job.id);
      if (!row) return;
      const { status, images, error, updated_at } = copy(job);
      table.set(job.id, { ...row, job: { ...row.job, status, images, error, updated_at }, claimedUntil: isFinal(status) ? null : row.claimedUntil });
    },

    async claimUnfinished(now, leaseUntil, limit) {
      if (limit <= 0) return [];
      const free = [...table.values()]
        .filter((row) => !isFinal(row.job.status) && (row.claimedUntil === null || row.claimedUntil < now))
        .map((row) => row.job)
        .sort(byAge)
        .slice(0, limit);
      for (const job of free) table.set(job.id, { ...table.get(job.id)!, claimedUntil: leaseUntil });
      return free.map((job) => job.id);
    },

    async renew(ids, leaseUntil) {
      for (const id of ids) {
        const row = table.get(id);
        if (row && row.claimedUntil !== null) table.set(id, { ...row, claimedUntil: leaseUntil });
      }
    },

    async release(ids) {
      for (const id of ids) {
        const row = table.get(id);
        if (row) table.set(id, { ...row, claimedUntil: null });
      }
    },
  };
}
