import path from 'node:path';
import { asFunction, asValue } from 'awilix';
import { makeKyselyAssetRepository } from '../../adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyDatabaseHealth } from '../../adapters/persistence/kysely-database-health.ts';
import { makeKyselyProductRepository } from '../../adapters/persistence/kysely-product-repository.ts';
import { makeKyselyUnitOfWork } from '../../adapters/persistence/kysely-unit-of-work.ts';
import { makePostgresWorkSignal, noWorkSignal } from '../../adapters/persistence/postgres-work-signal.ts';
import { makePrometheusMetrics, noMetrics } from '../../adapters/metrics/prometheus-metrics.ts';
import { makeLocalObjectStore } from '../../adapters/storage/local-object-store.ts';
import { makeS3ObjectStore, s3OptionsFrom } from '../../adapters/storage/s3-object-store.ts';
import { type Registrations } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { systemClock, systemIds } from '../system.ts';

export type CoreValues = Pick<CoreRegistry, 'config' | 'secrets' | 'logger' | 'database'>;

/** What every feature may depend on: the values made at start and the adapters all features share. */
export function coreRegistrations(values: CoreValues): Registrations<CoreRegistry> {
  return {
    config: asValue(values.config),
    secrets: asValue(values.secrets),
    logger: asValue(values.logger),
    database: asValue(values.database),
    db: asValue(values.database.db),
    clock: asValue(systemClock),
    ids: asValue(systemIds),
    products: asFunction(({ db }: CoreRegistry) => makeKyselyProductRepository(db)).singleton(),
    assets: asFunction(({ db }: CoreRegistry) => makeKyselyAssetRepository(db)).singleton(),
    unitOfWork: asFunction(({ db }: CoreRegistry) => makeKyselyUnitOfWork(db)).singleton(),
    databaseHealth: asFunction(({ db }: CoreRegistry) => makeKyselyDatabaseHealth(db)).singleton(),
    objectStore: asFunction(({ config }: CoreRegistry) =>
      config.objectStore === 's3'
        ? makeS3ObjectStore(s3OptionsFrom(config.s3))
        : makeLocalObjectStore({ root: path.join(config.dataDir, 'media'), publicBaseUrl: config.publicBaseUrl }),
    ).singleton(),
    workSignal: asFunction(({ database, config, logger }: CoreRegistry) =>
      database.dialect === 'postgres'
        ? makePostgresWorkSignal(database.db, config.databaseUrl, (error) =>
            logger.warn({ err: error }, 'work signal connection failed; workers fall back to polling'),
          )
        : noWorkSignal,
    ).singleton(),
    metrics: asFunction(({ config, logger }: CoreRegistry) =>
      config.metrics.port === undefined
        ? noMetrics
        : makePrometheusMetrics((name, error) => logger.warn({ err: error, gauge: name }, 'metrics gauge read failed')),
    ).singleton(),
  };
}
