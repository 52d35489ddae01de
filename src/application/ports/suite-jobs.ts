import { type CardSource } from '../../domain/ai/card-texts.ts';
import { type SuiteJob } from '../../domain/ai/suite-job.ts';
import { type ReferenceCandidate, type SuiteImageJob } from '../../domain/ai/suite-plan.ts';

/** The watermark as the user set it (an image mark is loaded again whenever the suite's images are made). */
export type WatermarkInput = { enabled: boolean; type: 'text' | 'image'; text?: string; opacity: number; image_url?: string };

/** What the images of a suite not made yet need, kept with the job so another run can continue it. */
export type SuiteWork = {
  /** The image model as asked (null: the default), resolved again by each run. */
  readonly model: string | null;
  /** One entry per planned image, in plan order; `names[i]` is image i's file name. */
  readonly jobs: readonly SuiteImageJob[];
  readonly names: readonly string[];
  readonly references: readonly ReferenceCandidate[];
  readonly style_prompt: string | null;
  readonly requirements: string | null;
  readonly source: CardSource;
  readonly watermark: WatermarkInput | null;
};

/**
 * Where suite jobs live (docs/decisions.md, AI): in the database, so they answer after a restart. A job being generated
 * is claimed by one process with a lease it renews; when the process dies the lease lapses and another (or the
 * next start) claims the job and continues with the images it does not have.
 */
export interface SuiteJobStore {
  /** Adds a new job, claimed by its creator until `leaseUntil`. */
  create(job: SuiteJob, work: SuiteWork, leaseUntil: string): Promise<void>;
  /** The job, or undefined when unknown. */
  get(id: string): Promise<SuiteJob | undefined>;
  /** The product's jobs, newest first, at most `limit`. */
  listByProduct(productId: string, limit: number): Promise<SuiteJob[]>;
  /** What the job's remaining images need. */
  work(id: string): Promise<SuiteWork | undefined>;
  /** Stores the job's progress (status, images, error, updated_at); a final job lets go of its claim. */
  save(job: SuiteJob): Promise<void>;
  /** Claims up to `limit` unfinished jobs nobody holds (or whose holder's lease lapsed), oldest first. */
  claimUnfinished(now: string, leaseUntil: string, limit: number): Promise<string[]>;
  /** Extends this process's claims. */
  renew(ids: readonly string[], leaseUntil: string): Promise<void>;
  /** Lets go of claims (a stopping process), so the next start takes the jobs at once. */
  release(ids: readonly string[]): Promise<void>;
}

/** The one global serial queue every model call of a process goes through (generation concurrency 1, docs/decisions.md, AI). */
export interface GenerationQueue {
  /** Runs `task` after every task added before it; `urgent` tasks (synchronous edits) go before waiting ones. */
  run<T>(task: () => Promise<T>, options?: { urgent?: boolean }): Promise<T>;
  /** Drops waiting tasks and resolves once the running one has finished. */
  drain(): Promise<void>;
}
