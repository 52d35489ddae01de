/**
 * A background worker that takes work from the database with a lease (docs/architecture.md, "Workers and their
 * leases"). A feature module lists its workers in `workers()`; the system (src/infrastructure/workers.ts) starts
 * them after migrations and, at a graceful stop, stops them all side by side. `stop` is where the hand-back lives:
 * once it resolves this process holds no lease of the worker's, so another instance can take the work at once.
 */
export type BackgroundWorker = {
  /** Begins claiming (idempotent). */
  start(): void | Promise<void>;
  /** Work may be free now (new rows, or leases another instance handed back): look before the next poll. */
  nudge(): void;
  /**
   * Stops claiming, lets work in flight end within the worker's own short bound, and hands back every lease this
   * process still holds (the rows become claimable now, not when the lease lapses). Never throws.
   */
  stop(): Promise<void>;
};

/** A stopping worker's bounded wait: resolves when `work` settles (either way) or after `ms`, whichever is first. */
export async function waitAtMost(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const settled = work?.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
