import PQueue from 'p-queue';
import { type Logger } from 'pino';
import { type JobQueue } from '../../application/ports/job-queue.ts';

export type PQueueJobQueueOptions = {
  readonly concurrency: number;
  readonly logger: Logger;
  /** How long `close` waits for running jobs; a job cut short stays resumable from its database row. */
  readonly closeTimeoutMs?: number;
};

/** An in-memory p-queue with at most `concurrency` jobs running, de-duplicated by key. */
export function makePQueueJobQueue({ concurrency, logger, closeTimeoutMs = 5_000 }: PQueueJobQueueOptions): JobQueue {
  const queue = new PQueue({ concurrency });
  const keys = new Set<string>();
  let closed = false;
  return {
    add(key, job) {
      if (closed || keys.has(key)) return;
      keys.add(key);
      void queue
        .add(async () => {
          try {
            if (!closed) await job();
          } finally {
            keys.delete(key);
          }
        })
        .catch((error: unknown) => logger.error({ err: error, job: key }, 'background job failed'));
    },
    size: () => queue.size + queue.pending,
    onIdle: () => queue.onIdle(),
    async close() {
      closed = true;
      queue.clear();
      keys.clear();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, closeTimeoutMs);
      });
      await Promise.race([queue.onIdle(), timeout]);
      clearTimeout(timer);
    },
  };
}
