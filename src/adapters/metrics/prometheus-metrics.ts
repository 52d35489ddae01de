import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type RequestMetrics } from '../../application/ports/request-metrics.ts';

/** A depth read from the database at each scrape (pending downloads, waiting publish records, …). */
export type QueueGauge = { readonly help: string; read(): Promise<number> };

/**
 * The service's Prometheus metrics (README "Metrics"): one registry per container, so tests can build many.
 * Labels carry only fixed vocabularies — route patterns, HTTP methods and statuses, port method names, AI
 * providers — never product data, a secret or a user name.
 */
export type ServiceMetrics = RequestMetrics & {
  /** Every promise-returning method of `target` counted under `lws_<system>_calls_total` / `_errors_total`. */
  countCalls<T extends object>(system: 'marketplace' | 'ai', target: T, labels?: Readonly<Record<string, string>>): T;
  /** Registers `lws_<name>` (a gauge read at each scrape). */
  addQueueGauge(name: string, gauge: QueueGauge): void;
  /** The exposition text and its content type; undefined when metrics are off. */
  scrape(): Promise<{ readonly contentType: string; readonly text: string }>;
};

const METRIC_NAME = /^[a-z][a-z0-9_]*$/;

export function makePrometheusMetrics(onGaugeError: (name: string, error: unknown) => void): ServiceMetrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), memory (process_resident_memory_bytes, nodejs_heap_*), CPU, handles.
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'lws_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'lws_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const counters = new Map<string, { calls: Counter; errors: Counter }>();
  const countersOf = (system: string, labelNames: string[]) => {
    let pair = counters.get(system);
    if (!pair) {
      const make = (what: string, help: string) => new Counter({ name: `lws_${system}_${what}_total`, help, labelNames, registers: [registry] });
      pair = {
        calls: make('calls', `Calls to the ${system} service, by ${labelNames.join(' and ')}`),
        errors: make('errors', `Failed calls to the ${system} service`),
      };
      counters.set(system, pair);
    }
    return pair;
  };

  return {
    observeRequest({ method, route, status, seconds }) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    countCalls<T extends object>(system: 'marketplace' | 'ai', target: T, labels: Readonly<Record<string, string>> = {}): T {
      const { calls, errors } = countersOf(system, [...Object.keys(labels), 'method']);
      const counted = { ...target } as Record<string, unknown>;
      for (const [method, value] of Object.entries(target)) {
        if (typeof value !== 'function') continue;
        counted[method] = (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          // Only calls that go out (they answer a promise): a local helper such as buildPrompt is no call.
          if (!(result instanceof Promise)) return result;
          calls.inc({ ...labels, method });
          return result.catch((error: unknown) => {
            errors.inc({ ...labels, method });
            throw error;
          });
        };
      }
      return counted as T;
    },
    addQueueGauge(name, { help, read }) {
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name ${name}`);
      new Gauge({
        name: `lws_${name}`,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read());
          } catch (error) {
            onGaugeError(name, error); // the last value stays; the scrape still answers
          }
        },
      });
    },
    async scrape() {
      // prom-client writes a value that is not a number as `Nan` (the event-loop lag before its first sample); the
      // exposition format spells it `NaN`, and stricter parsers refuse the other spelling.
      return { contentType: registry.contentType, text: (await registry.metrics()).replace(/ Nan$/gm, ' NaN') };
    },
  };
}

/** Metrics off (METRICS_PORT unset): nothing is counted, targets are used as they are. */
export const noMetrics: ServiceMetrics = {
  observeRequest: () => undefined,
  countCalls: (_system, target) => target,
  addQueueGauge: () => undefined,
  scrape: async () => ({ contentType: 'text/plain', text: '' }),
};
