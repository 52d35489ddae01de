import { type AwilixContainer } from 'awilix';
import { type FastifyPluginAsync } from 'fastify';

/**
 * One feature's share of the composition root: what it registers in the container, the routes it adds, and
 * what it must do at start and stop. `container.ts` lists the modules; nothing else knows them.
 */
export type FeatureModule<Cradle extends object> = {
  readonly name: string;
  /** Registers the feature's adapters and use cases (singletons). */
  register(container: AwilixContainer<Cradle>): void;
  /** Route plugins mounted under `/api`, behind the bearer check. Paths inside are relative to `/api`. */
  protectedRoutes?(cradle: Cradle): FastifyPluginAsync[];
  /** Route plugins mounted at the root without a bearer (media, signed uploads, the web page). Full paths. */
  publicRoutes?(cradle: Cradle): FastifyPluginAsync[];
  /** Runs after migrations, before listening (re-queue unfinished work, resume polling). */
  start?(cradle: Cradle): Promise<void>;
  /** Runs at shutdown before the database closes (drain queues, stop timers). */
  stop?(cradle: Cradle): Promise<void>;
};
