import { ApiError } from '../api/client.ts';
import type { SuiteJob } from '../api/types.ts';

/** Clients poll a suite job every 3 seconds. */
export const SUITE_POLL_MS = 3_000;

export const isFinal = (status: SuiteJob['status']): boolean => status === 'done' || status === 'partial' || status === 'failed';

export type SuitePollDeps = {
  readonly fetchJob: () => Promise<SuiteJob>;
  readonly onJob: (job: SuiteJob) => void;
  /** The job is unknown to the server (jobs are stored, so only an id that never existed or was removed). */
  readonly onGone: () => void;
  /** A poll failed for another reason; polling goes on. */
  readonly onError: (error: unknown) => void;
  readonly intervalMs?: number;
};

/** Polls until the job is final or gone; returns the stop function. */
export function pollSuite(deps: SuitePollDeps): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    try {
      const job = await deps.fetchJob();
      if (stopped) return;
      deps.onJob(job);
      if (isFinal(job.status)) return;
    } catch (error) {
      if (stopped) return;
      if (error instanceof ApiError && error.status === 404) {
        deps.onGone();
        return;
      }
      deps.onError(error);
    }
    timer = setTimeout(() => void tick(), deps.intervalMs ?? SUITE_POLL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Progress of a job as a fraction 0..1 (images are appended as they finish, so length ≤ total). */
export const progressOf = (job: Pick<SuiteJob, 'images' | 'total' | 'status'>): number =>
  isFinal(job.status) ? 1 : job.total > 0 ? Math.min(1, job.images.length / job.total) : 0;
