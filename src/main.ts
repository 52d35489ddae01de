import 'dotenv/config';
import { buildApp } from './infrastructure/app.ts';
import { loadConfig } from './infrastructure/config.ts';
import { buildContainer, startFeatures, stopContainer } from './infrastructure/container.ts';
import { applyHeapPolicy } from './infrastructure/heap-policy.ts';
import { createLogger } from './infrastructure/logger.ts';
import { applyWasmTiering } from './infrastructure/wasm-tiering.ts';

/** Grace period for draining work on SIGTERM/SIGINT before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  applyHeapPolicy();
  applyWasmTiering();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const container = await buildContainer(config, { logger });
  const app = await buildApp(container);
  await startFeatures(container);
  const address = await app.listen({ host: config.host, port: config.port });
  const { secrets } = container.cradle;
  logger.info({ address, database: container.cradle.database.dialect, dataDir: config.dataDir }, 'listening');
  // The app token is printed once so the user can log in; the other secrets never are.
  process.stdout.write(`\nListing Workflow Service: ${address}  (API docs: ${address}/api/docs)\n`);
  if (secrets.appTokenGenerated && config.accounts.appTokenLogin)
    process.stdout.write(`App token (kept in ${config.dataDir}/secrets.json): ${secrets.appToken}\n\n`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    void app
      .close()
      .then(() => stopContainer(container))
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
