import { type FastifyInstance } from 'fastify';
import { type Logger } from 'pino';
import { type AppContainer, stopContainer } from './container.ts';
import { WORKER_STOP_WAIT_MS } from './workers.ts';

/** Requests in flight at a stop get this long to finish; then their connections are cut. */
export const REQUEST_GRACE_MS = 10_000;
/** The whole stop's bound: the requests' grace, the workers' wait, and a margin to close the database. */
const HARD_EXIT_MS = REQUEST_GRACE_MS + WORKER_STOP_WAIT_MS + 5_000;

export type Stoppable = {
  readonly app: FastifyInstance;
  readonly container: AppContainer;
  readonly logger: Logger;
  /** Other listeners to close with the HTTP server (the metrics port). */
  readonly closeAlso?: () => Promise<void>;
};

/** Stops accepting, gives requests in flight up to REQUEST_GRACE_MS, then cuts the connections still open. */
async function closeHttp(app: FastifyInstance, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close();
  const late = await Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), REQUEST_GRACE_MS)))]);
  clearTimeout(timer);
  if (!late) return;
  logger.warn({ graceMs: REQUEST_GRACE_MS }, 'requests still running after the grace period; closing their connections');
  app.server.closeAllConnections();
  await closed;
}

/**
 * Graceful stop on SIGTERM and SIGINT (README "Operations"): stop accepting and let requests in flight finish
 * (≤ 10 s), stop the workers — each hands back the leases this instance holds, and the other instances are told
 * (docs/architecture.md) — stop the features, close the database (SQLite's last checkpoint), exit 0. A second
 * signal exits at once; a stop that hangs exits 1 after HARD_EXIT_MS.
 */
export function stopOnSignals({ app, container, logger, closeAlso }: Stoppable): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ ms: HARD_EXIT_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    void Promise.all([closeHttp(app, logger), closeAlso?.()])
      .then(() => stopContainer(container))
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
