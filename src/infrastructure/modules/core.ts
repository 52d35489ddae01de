import path from 'node:path';
import { type AwilixContainer, asFunction, asValue } from 'awilix';
import { type Kysely } from 'kysely';
import { type Logger } from 'pino';
import { type AssetRepository } from '../../application/ports/asset-repository.ts';
import { type Clock } from '../../application/ports/clock.ts';
import { type DatabaseHealth } from '../../application/ports/database-health.ts';
import { type Ids } from '../../application/ports/ids.ts';
import { type ObjectStore } from '../../application/ports/object-store.ts';
import { type ProductRepository } from '../../application/ports/product-repository.ts';
import { type UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { type CheckAppToken, makeCheckAppToken } from '../../application/use-cases/check-app-token.ts';
import { type DatabaseHandle } from '../../adapters/persistence/connection.ts';
import { type Database } from '../../adapters/persistence/database.ts';
import { makeKyselyAssetRepository } from '../../adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyDatabaseHealth } from '../../adapters/persistence/kysely-database-health.ts';
import { makeKyselyProductRepository } from '../../adapters/persistence/kysely-product-repository.ts';
import { makeKyselyUnitOfWork } from '../../adapters/persistence/kysely-unit-of-work.ts';
import { makeLocalObjectStore } from '../../adapters/storage/local-object-store.ts';
import { makeS3ObjectStore, s3OptionsFrom } from '../../adapters/storage/s3-object-store.ts';
import { type Config } from '../config.ts';
import { type Secrets } from '../secrets.ts';
import { systemClock, systemIds } from '../system.ts';

/** What every feature may depend on. */
export type CoreRegistry = {
  config: Config;
  secrets: Secrets;
  logger: Logger;
  database: DatabaseHandle;
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  products: ProductRepository;
  assets: AssetRepository;
  unitOfWork: UnitOfWork;
  databaseHealth: DatabaseHealth;
  objectStore: ObjectStore;
  checkAppToken: CheckAppToken;
};

export type CoreValues = Pick<CoreRegistry, 'config' | 'secrets' | 'logger' | 'database'>;

export function registerCore(container: AwilixContainer<CoreRegistry>, values: CoreValues): void {
  container.register({
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
    checkAppToken: asFunction(({ secrets }: CoreRegistry) => makeCheckAppToken({ appToken: secrets.appToken })).singleton(),
  });
}
