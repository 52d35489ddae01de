import { type Resolver } from 'awilix';
import { type FastifyPluginAsync } from 'fastify';
import { type BackgroundWorker } from '../application/background-worker.ts';
import { type QueueGauge } from '../adapters/metrics/prometheus-metrics.ts';

/** One resolver for each thing a feature provides: a key left out, or one of another type, does not compile. */
export type Registrations<Provides> = { readonly [K in keyof Provides]-?: Resolver<Provides[K]> };

/**
 * One feature's share of the composition root: what it provides (its registry type), what it needs from the core
 * and the other features, the routes it adds, and what it must do at start and stop. `container.ts` lists the
 * modules; no module imports it, and modules know each other only by the registry types in `registries/`.
 */
export type FeatureModule<Provides extends object, Needs extends object> = {
  readonly name: string;
  /** The feature's adapters and use cases (singletons); `cradle` holds what was registered before it. */
  provide(cradle: Needs): Registrations<Provides>;
  /** Route plugins mounted under `/api`, behind the bearer check. Paths inside are relative to `/api`. */
  protectedRoutes?(cradle: Provides & Needs): FastifyPluginAsync[];
  /** Route plugins mounted at the root without a bearer (media, signed uploads, the web page). Full paths. */
  publicRoutes?(cradle: Provides & Needs): FastifyPluginAsync[];
  /** Runs after migrations, before listening (re-queue unfinished work, resume polling). */
  start?(cradle: Provides & Needs): Promise<void>;
  /**
   * Its workers that take work with a lease, by name (docs/architecture.md, "Workers and their leases"). The
   * container starts them after every `start` hook and, at shutdown, stops them all side by side before any `stop`
   * hook: each `stop` hands back the leases it holds. A new worker is one more entry here, nothing else.
   */
  workers?(cradle: Provides & Needs): Readonly<Record<string, BackgroundWorker>>;
  /**
   * Its queue depths for the metrics port, by name: `{ downloads_pending: { help, read } }` becomes the gauge
   * `lws_downloads_pending`, read at each scrape (README "Metrics"). A count only: no product data in a label.
   */
  gauges?(cradle: Provides & Needs): Readonly<Record<string, QueueGauge>>;
  /** Runs at shutdown after the workers stopped, before the database closes (drain queues, stop timers). */
  stop?(cradle: Provides & Needs): Promise<void>;
};
