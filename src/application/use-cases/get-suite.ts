import { notFound } from '../../domain/common/errors.ts';
import { type SuiteJob } from '../../domain/ai/suite-job.ts';
import { type SuiteJobStore } from '../ports/suite-jobs.ts';

export type GetSuiteDeps = { readonly suiteJobs: SuiteJobStore };
export type GetSuite = (suiteId: string) => Promise<SuiteJob>;

/** The one answer for a suite id that names no stored job. */
export const suiteNotFound = () => notFound('SUITE_NOT_FOUND', '套图任务不存在');

/** GET /suites/{id}: the job as it stands (stored, so it answers after a restart too); unknown → 404. */
export function makeGetSuite(deps: GetSuiteDeps): GetSuite {
  return async (suiteId) => {
    const job = await deps.suiteJobs.get(suiteId);
    if (!job) throw suiteNotFound();
    return job;
  };
}
