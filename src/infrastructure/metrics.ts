import { type MetricsServer, startMetricsServer } from '../adapters/metrics/metrics-server.ts';
import { type AppContainer } from './container.ts';

/** Opens the metrics port when METRICS_PORT is set (README "Metrics"); undefined when metrics are off. */
export async function startMetrics(container: AppContainer): Promise<MetricsServer | undefined> {
  const { config, metrics, logger } = container.cradle;
  if (config.metrics.port === undefined) return undefined;
  return startMetricsServer(metrics, config.metrics.port, config.metrics.host, (error) => logger.error({ err: error }, 'metrics scrape failed'));
}
