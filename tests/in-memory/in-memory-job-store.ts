import { type Job, type JobItem, type JobStore } from '../../src/application/ports/job-store.ts';
import { copy } from './catalog-state.ts';

type StoredJob = { job: Job; items: JobItem[]; owner: string | null; leaseUntil: string | null };

/** The jobs tables of one in-memory database; each `makeInMemoryJobStore(table)` is a connection to it. */
export type JobTable = Map<string, StoredJob>;

/** The JobStore in memory; passes tests/contract/job-store.contract.ts. */
export function makeInMemoryJobStore(table: JobTable = new Map()): JobStore {
  const claimable = (row: StoredJob, now: string) =>
    row.job.status === 'queued' || (row.job.status === 'running' && row.leaseUntil !== null && row.leaseUntil < now);
  return {
    async create({ id, kind, params, subjects }, now) {
      if (table.has(id)) throw new Error(`duplicate job id ${id}`);
      const job: Job = { id, kind, status: 'queued', params: copy(params), total: subjects.length, done: 0, failed: 0, created_at: now, updated_at: now };
      table.set(id, {
        job,
        items: subjects.map((subject, seq) => ({ seq, subject: copy(subject), status: 'pending', result: null, error: null })),
        owner: null,
        leaseUntil: null,
      });
    },

    async find(id) {
      const row = table.get(id);
      return row ? copy({ ...row.job, items: row.items }) : undefined;
    },

    async claim(owner, now, leaseUntil) {
      const row = [...table.values()]
        .filter((candidate) => claimable(candidate, now))
        .sort((a, b) => a.job.created_at.localeCompare(b.job.created_at) || (a.job.id < b.job.id ? -1 : 1))[0];
      if (!row) return undefined;
      Object.assign(row, { job: { ...row.job, status: 'running', updated_at: now }, owner, leaseUntil });
      return copy({ id: row.job.id, kind: row.job.kind, params: row.job.params });
    },

    async renew(id, owner, leaseUntil) {
      const row = table.get(id);
      if (!row || row.owner !== owner || row.job.status !== 'running') return false;
      row.leaseUntil = leaseUntil;
      return true;
    },

    async release(owner) {
      for (const row of table.values()) if (row.owner === owner && row.job.status === 'running') row.leaseUntil = new Date(0).toISOString();
    },

    async nextItem(id) {
      const item = table.get(id)?.items.find((candidate) => candidate.status === 'pending');
      return item ? copy({ seq: item.seq, subject: item.subject }) : undefined;
    },

    async finishItem(id, seq, outcome, now) {
      const row = table.get(id);
      const item = row?.items.find((candidate) => candidate.seq === seq);
      // Counted once: a taken-over job finishing an item twice changes nothing the second time.
      if (!row || !item || item.status !== 'pending') return;
      const failed = 'error' in outcome;
      row.items[row.items.indexOf(item)] = failed
        ? { ...item, status: 'failed', error: outcome.error }
        : { ...item, status: 'done', result: copy(outcome.result) };
      row.job = { ...row.job, done: row.job.done + (failed ? 0 : 1), failed: row.job.failed + (failed ? 1 : 0), updated_at: now };
    },

    async complete(id, now) {
      const row = table.get(id);
      if (row) Object.assign(row, { job: { ...row.job, status: 'done', updated_at: now }, owner: null, leaseUntil: null });
    },
  };
}
