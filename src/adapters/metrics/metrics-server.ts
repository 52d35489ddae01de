import { type Server, createServer } from 'node:http';
import { type ServiceMetrics } from './prometheus-metrics.ts';

export type MetricsServer = { readonly address: string; close(): Promise<void> };

/**
 * The metrics port (METRICS_PORT, on METRICS_HOST): `GET /metrics` answers the Prometheus text; anything else
 * 404. A port of its own, apart from the API, so it is never exposed with it and needs no bearer; it listens on
 * 127.0.0.1 unless told otherwise. A port already taken stops the start with an error naming it.
 */
export async function startMetricsServer(metrics: ServiceMetrics, port: number, host: string, onError: (error: unknown) => void): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`METRICS_PORT ${port} on ${host} is already in use (another process listens there): choose another METRICS_PORT`)
          : new Error(`METRICS_PORT ${port} on ${host}: ${error.message}`),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const bound = server.address();
  const address = typeof bound === 'object' && bound ? `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}/metrics` : String(bound);
  return {
    address,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
