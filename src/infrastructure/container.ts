import { type AwilixContainer, InjectionMode, asValue, createContainer } from 'awilix';
import { type Logger } from 'pino';
import { openDatabase } from '../adapters/persistence/connection.ts';
import { type Config } from './config.ts';
import { type FeatureModule } from './feature-module.ts';
import { accountsModule } from './modules/accounts.ts';
import { aiModule } from './modules/ai.ts';
import { catalogModule } from './modules/catalog.ts';
import { coreRegistrations } from './modules/core.ts';
import { extensionModule } from './modules/extension.ts';
import { intakeModule } from './modules/intake.ts';
import { marketplaceModule } from './modules/marketplace.ts';
import { notificationsModule } from './modules/notifications.ts';
import { stockModule } from './modules/stock.ts';
import { marketFollowModule } from './modules/market-follow.ts';
import { uploadsModule } from './modules/uploads.ts';
import { videoModule } from './modules/video.ts';
import { webModule } from './modules/web.ts';
import { workbenchModule } from './modules/workbench.ts';
import { type AccountsRegistry } from './registries/accounts.ts';
import { type AiRegistry } from './registries/ai.ts';
import { type CatalogRegistry } from './registries/catalog.ts';
import { type CoreRegistry } from './registries/core.ts';
import { type ExtensionRegistry } from './registries/extension.ts';
import { type IntakeRegistry } from './registries/intake.ts';
import { type MarketplaceRegistry } from './registries/marketplace.ts';
import { type NotificationsRegistry } from './registries/notifications.ts';
import { type StockRegistry } from './registries/stock.ts';
import { type MarketFollowRegistry } from './registries/market-follow.ts';
import { type UploadsRegistry } from './registries/uploads.ts';
import { type VideoRegistry } from './registries/video.ts';
import { type WorkbenchRegistry } from './registries/workbench.ts';
import { type Secrets, loadSecrets } from './secrets.ts';
import { type WorkerSet, makeWorkerSet } from './workers.ts';

/** Everything the container can resolve: the core plus each feature's registry. */
export type Cradle = CoreRegistry &
  IntakeRegistry &
  UploadsRegistry &
  ExtensionRegistry &
  CatalogRegistry &
  AiRegistry &
  MarketplaceRegistry &
  MarketFollowRegistry &
  AccountsRegistry &
  WorkbenchRegistry &
  VideoRegistry &
  NotificationsRegistry &
  StockRegistry & {
    /** Every feature's lease-holding workers (`FeatureModule.workers`), started and stopped together. */
    workerSet: WorkerSet;
  };
export type AppContainer = AwilixContainer<Cradle>;
/** A feature seen from the root: it may need anything the cradle holds and provides some of it. */
type AnyFeatureModule = FeatureModule<Record<string, unknown>, Cradle>;

/** The features, in start order (stop runs in reverse). */
export const FEATURE_MODULES: readonly AnyFeatureModule[] = [
  accountsModule,
  intakeModule,
  uploadsModule,
  videoModule,
  extensionModule,
  catalogModule,
  aiModule,
  workbenchModule,
  notificationsModule,
  marketplaceModule,
  stockModule,
  marketFollowModule,
  webModule,
];

export type BuildOptions = {
  readonly logger: Logger;
  /** Secrets to use instead of DATA_DIR/secrets.json (tests). */
  readonly secrets?: Secrets;
  /** PostgreSQL schema to create and use (tests give each run its own). */
  readonly databaseSchema?: string;
};

/**
 * Creates every dependency fresh: opens and migrates the database, then registers the core and each feature.
 * Tests build many containers in one process, so nothing here is module-level state.
 */
export async function buildContainer(config: Config, options: BuildOptions): Promise<AppContainer> {
  const database = await openDatabase(config.databaseUrl, options.databaseSchema ? { schema: options.databaseSchema } : {});
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register(coreRegistrations({ config, secrets: options.secrets ?? loadSecrets(config), logger: options.logger, database }));
  for (const feature of FEATURE_MODULES) container.register(feature.provide(container.cradle));
  const workers = FEATURE_MODULES.map((feature) => feature.workers?.(container.cradle) ?? {});
  const { workSignal, logger } = container.cradle;
  container.register({ workerSet: asValue(makeWorkerSet(Object.assign({}, ...workers), workSignal, logger)) });
  for (const feature of FEATURE_MODULES)
    for (const [name, gauge] of Object.entries(feature.gauges?.(container.cradle) ?? {})) container.cradle.metrics.addQueueGauge(name, gauge);
  return container;
}

/** Runs each feature's start hook (after migrations, before listening), then starts the workers. */
export async function startFeatures(container: AppContainer): Promise<void> {
  for (const feature of FEATURE_MODULES) await feature.start?.(container.cradle);
  await container.cradle.workerSet.start();
}

/** Stops the workers (handing back their leases), then the features in reverse order, then closes the database. */
export async function stopContainer(container: AppContainer): Promise<void> {
  await container.cradle.workerSet.stop();
  for (const feature of [...FEATURE_MODULES].reverse()) {
    try {
      await feature.stop?.(container.cradle);
    } catch (error) {
      container.cradle.logger.error({ err: error, feature: feature.name }, 'feature stop failed');
    }
  }
  await container.cradle.database.close();
}
