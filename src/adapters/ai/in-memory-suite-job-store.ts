import { type SuiteJobStore } from '../../application/ports/suite-jobs.ts';
import { type SuiteJob } from '../../domain/suite-job.ts';

/** Keeps at most this many jobs; the oldest go first (a long-running server must not grow without bound). */
const MAX_JOBS = 500;

/** Suite jobs in a Map: they vanish with the process, which the spec asks for (GET after restart → 404). */
export function makeInMemorySuiteJobStore(): SuiteJobStore {
  const jobs = new Map<string, SuiteJob>();
  return {
    create(job) {
      jobs.set(job.id, job);
      for (const id of jobs.keys()) {
        if (jobs.size <= MAX_JOBS) break;
        jobs.delete(id);
      }
    },
    get: (id) => jobs.get(id),
    update(id, change) {
      const job = jobs.get(id);
      if (job) jobs.set(id, change(job));
    },
  };
}
