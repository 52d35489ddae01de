import { type SuiteJob } from '../../domain/suite-job.ts';

/** Where suite jobs live while they run. In memory only: after a restart they are gone (spec §7). */
export interface SuiteJobStore {
  /** Adds a new job. */
  create(job: SuiteJob): void;
  /** The job, or undefined when unknown. */
  get(id: string): SuiteJob | undefined;
  /** Replaces the job with `change(job)`; unknown ids are ignored. */
  update(id: string, change: (job: SuiteJob) => SuiteJob): void;
}

/** The one global serial queue every model call goes through (spec §8: generation concurrency 1). */
export interface GenerationQueue {
  /** Runs `task` after every task added before it; `urgent` tasks (synchronous edits) go before waiting ones. */
  run<T>(task: () => Promise<T>, options?: { urgent?: boolean }): Promise<T>;
  /** Drops waiting tasks and resolves once the running one has finished. */
  drain(): Promise<void>;
}
