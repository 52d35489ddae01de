import 'dotenv/config';
import { buildApp } from './infrastructure/app.ts';
import { loadConfig } from './infrastructure/config.ts';
import { buildContainer, startFeatures, stopContainer } from './infrastructure/container.ts';
import { startMetrics } from './infrastructure/metrics.ts';
import { applyHeapPolicy } from './infrastructure/heap-policy.ts';
import { createLogger } from './infrastructure/logger.ts';
import { stopOnSignals } from './infrastructure/shutdown.ts';
import { publicAddressOfStore } from './application/public-address.ts';
import { publicAddressBanner } from './infrastructure/public-address-banner.ts';
import { applyWasmTiering } from './infrastructure/wasm-tiering.ts';

async function main(): Promise<void> {
  applyHeapPolicy();
  applyWasmTiering();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const container = await buildContainer(config, { logger });
  const app = await buildApp(container);
  // Before anything starts: a metrics port already taken stops the start with an error naming it.
  const metricsServer = await startMetrics(container).catch(async (error: unknown) => {
    await stopContainer(container);
    throw error;
  });
  await startFeatures(container);
  const address = await app.listen({ host: config.host, port: config.port });
  const { secrets } = container.cradle;
  logger.info({ address, database: container.cradle.database.dialect, dataDir: config.dataDir }, 'listening');
  // The app token is printed once so the user can log in; the other secrets never are.
  process.stdout.write(`\nListing Workflow Service: ${address}  (API docs: ${address}/api/docs)\n`);
  if (secrets.appTokenGenerated && config.accounts.appTokenLogin)
    process.stdout.write(`App token (kept in ${config.dataDir}/secrets.json): ${secrets.appToken}\n\n`);
  const publicAddress = publicAddressOfStore(container.cradle.objectStore);
  const banner = publicAddressBanner(publicAddress);
  if (banner) {
    logger.warn({ state: publicAddress.state, public_base: publicAddress.public_base }, publicAddress.warning ?? '');
    process.stderr.write(banner);
  }

  if (metricsServer) logger.info({ address: metricsServer.address }, 'metrics listening');
  stopOnSignals({ app, container, logger, closeAlso: metricsServer?.close });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
