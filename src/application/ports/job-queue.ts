/** Background work in this process, bounded in concurrency. Durable state lives in the database, not here. */
export interface JobQueue {
  /** Schedules `job` unless a job with the same key is already waiting or running; never waits for it. */
  add(key: string, job: () => Promise<void>): void;
  /** Jobs waiting plus running. */
  size(): number;
  /** Resolves when nothing is waiting or running. */
  onIdle(): Promise<void>;
  /** Stops taking jobs, drops the waiting ones and resolves when the running ones finish (their rows stay resumable). */
  close(): Promise<void>;
}
