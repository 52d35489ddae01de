import { type Logger } from 'pino';
import { type BackgroundWorker } from '../application/background-worker.ts';
import { type WorkSignal } from '../application/ports/work-signal.ts';

/**
 * How long a stopping worker waits for its work in flight before handing it back. The service's whole stop stays
 * under the 10 s the requests get, plus this, plus closing the database.
 */
export const WORKER_STOP_WAIT_MS = 5_000;

/** Every registered worker of one process, started and stopped together (docs/architecture.md, "Stopping"). */
export type WorkerSet = {
  readonly names: readonly string[];
  start(): Promise<void>;
  /**
   * Stops every worker side by side (each hands back its leases), then tells the other instances the work is
   * free. Idempotent: the shutdown and the container's stop may both call it.
   */
  stop(): Promise<void>;
};

/** The one place lease hand-back happens: feature modules list their workers in `workers()`, the container collects them here. */
export function makeWorkerSet(workers: Readonly<Record<string, BackgroundWorker>>, signal: WorkSignal, logger: Logger): WorkerSet {
  const entries = Object.entries(workers);
  let stopping: Promise<void> | undefined;
  let started = false;
  const nudgeAll = (): void => entries.forEach(([, worker]) => worker.nudge());
  return {
    names: entries.map(([name]) => name),
    async start() {
      started = true;
      await signal.listen(nudgeAll);
      for (const [, worker] of entries) await worker.start();
    },
    stop() {
      // A container only built (the user CLI) never started them: nothing to hand back, no one to tell.
      stopping ??= (async () => {
        if (!started) return;
        const since = Date.now();
        await Promise.all(
          entries.map(([name, worker]) =>
            worker.stop().catch((error: unknown) => logger.error({ err: error, worker: name }, 'worker stop failed; its leases lapse on their own')),
          ),
        );
        await signal.close();
        await signal.announce().catch((error: unknown) => logger.warn({ err: error }, 'could not tell the other instances that work was handed back'));
        logger.info({ workers: entries.length, ms: Date.now() - since }, 'workers stopped, leases handed back');
      })();
      return stopping;
    },
  };
}
