import { notFound } from '../../domain/common/errors.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { type Job, type JobItemStatus, type JobStore } from '../ports/job-store.ts';

export type JobView = Omit<Job, 'params'> & { items: (JsonObject & { status: JobItemStatus; error: string | null })[] };
export type GetJob = (id: string) => Promise<JobView>;

/** GET /jobs/{id} (docs/decisions.md, Bulk actions and jobs): progress and each item, its subject and result side by side. */
export const makeGetJob =
  (deps: { readonly jobs: JobStore }): GetJob =>
  async (id) => {
    const job = await deps.jobs.find(id);
    if (!job) throw notFound('JOB_NOT_FOUND', '任务不存在');
    const { params: _params, items, ...progress } = job;
    return { ...progress, items: items.map((item) => ({ ...item.subject, ...(item.result ?? {}), status: item.status, error: item.error })) };
  };
