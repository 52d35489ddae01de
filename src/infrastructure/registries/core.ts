import { type Kysely } from 'kysely';
import { type Logger } from 'pino';
import { type AssetRepository } from '../../application/ports/asset-repository.ts';
import { type Clock } from '../../application/ports/clock.ts';
import { type DatabaseHealth } from '../../application/ports/database-health.ts';
import { type Ids } from '../../application/ports/ids.ts';
import { type ObjectStore } from '../../application/ports/object-store.ts';
import { type ProductRepository } from '../../application/ports/product-repository.ts';
import { type UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { type WorkSignal } from '../../application/ports/work-signal.ts';
import { type DatabaseHandle } from '../../adapters/persistence/connection.ts';
import { type Database } from '../../adapters/persistence/database.ts';
import { type ServiceMetrics } from '../../adapters/metrics/prometheus-metrics.ts';
import { type Config } from '../config.ts';
import { type Secrets } from '../secrets.ts';

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
  /** Tells the other instances that leased work was handed back (PostgreSQL NOTIFY; nothing on SQLite). */
  workSignal: WorkSignal;
  /** Prometheus metrics when METRICS_PORT is set, else a no-op (README "Metrics"). */
  metrics: ServiceMetrics;
};
