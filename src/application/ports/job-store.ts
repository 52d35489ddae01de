import { type JsonObject } from '../../domain/common/json.ts';

/**
 * Durable background jobs (docs/decisions.md, Background work, Bulk actions and jobs, AI): a job is a list of items worked one by one; a worker claims a
 * job with a lease and renews it while working, so when its process dies another (or the next start) takes
 * the job over once the lease lapses and continues with the items not done yet.
 */
export type JobStatus = 'queued' | 'running' | 'done';
export type JobItemStatus = 'pending' | 'done' | 'failed';

export type JobItem = {
  readonly seq: number;
  /** What the item works on, e.g. `{product_id}` or `{asset_id}`. */
  readonly subject: JsonObject;
  readonly status: JobItemStatus;
  /** What the work made, e.g. `{suite_id}` or `{new_asset_id}`. */
  readonly result: JsonObject | null;
  readonly error: string | null;
};

export type Job = {
  readonly id: string;
  /** Which handler works the items (`copy`, `suite`, later `translate`). */
  readonly kind: string;
  readonly status: JobStatus;
  readonly params: JsonObject;
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly created_at: string;
  readonly updated_at: string;
};

export type ClaimedJob = Pick<Job, 'id' | 'kind' | 'params'>;

export interface JobStore {
  create(job: { id: string; kind: string; params: JsonObject; subjects: readonly JsonObject[] }, now: string): Promise<void>;
  find(id: string): Promise<(Job & { items: JobItem[] }) | undefined>;
  /** Takes the oldest queued job, or a running one whose lease lapsed, for `owner` until `leaseUntil`. */
  claim(owner: string, now: string, leaseUntil: string): Promise<ClaimedJob | undefined>;
  /** Extends the lease; false when another owner has taken the job over. */
  renew(id: string, owner: string, leaseUntil: string): Promise<boolean>;
  /** Hands back every running job `owner` holds (a graceful stop): any worker may claim it at once, not when the lease lapses. */
  release(owner: string): Promise<void>;
  /** The next item not worked yet, or undefined when none is left. */
  nextItem(id: string): Promise<Pick<JobItem, 'seq' | 'subject'> | undefined>;
  /** Records one item's outcome and counts it. */
  finishItem(id: string, seq: number, outcome: { result: JsonObject } | { error: string }, now: string): Promise<void>;
  /** Marks the job done and lets go of its lease. */
  complete(id: string, now: string): Promise<void>;
}
