import { type Resolver } from 'awilix';
import { type FastifyPluginAsync } from 'fastify';

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
  /** Runs at shutdown before the database closes (drain queues, stop timers). */
  stop?(cradle: Provides & Needs): Promise<void>;
};
