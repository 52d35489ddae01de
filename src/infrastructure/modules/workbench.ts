import { asFunction } from 'awilix';
import { makeJobWorker } from '../../application/job-worker.ts';
import { makeBulkJobHandlers } from '../../application/use-cases/bulk-job-handlers.ts';
import { makeBulkProducts } from '../../application/use-cases/bulk-products.ts';
import { makeGetJob } from '../../application/use-cases/get-job.ts';
import { bulkRoutes } from '../../adapters/http/routes/bulk.ts';
import { makeQueueDepths } from '../../adapters/persistence/kysely-queue-depths.ts';
import { makeKyselyJobStore } from '../../adapters/persistence/kysely-job-store.ts';
import { RELATIVE_IMAGE_URLS_WARNING } from '../../adapters/http/routes/exports.ts';
import { type FeatureModule } from '../feature-module.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';
import { imageUrlsAbsolute } from '../image-urls.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type WorkbenchRegistry } from '../registries/workbench.ts';
import { type AiRegistry } from '../registries/ai.ts';
import { type CatalogRegistry } from '../registries/catalog.ts';
import { type MarketFollowRegistry } from '../registries/market-follow.ts';
import { type StockRegistry } from '../registries/stock.ts';

/** A lease long enough for one item's slowest work (a text model call: AI_TEXT_TIMEOUT 120 s by default). */
const JOB_LEASE_MS = 5 * 60_000;
const JOB_POLL_MS = 2_000;

type Deps = WorkbenchRegistry & CoreRegistry & AiRegistry & CatalogRegistry & StockRegistry & Pick<MarketFollowRegistry, 'marketActions' | 'repriceToMargin'>;

/** Bulk actions on many products and the durable jobs they queue (issue 14). */
export const workbenchModule: FeatureModule<WorkbenchRegistry, CoreRegistry & AiRegistry & CatalogRegistry & StockRegistry> = {
  name: 'workbench',
  provide: () => ({
    jobs: asFunction(({ db }: Deps) => makeKyselyJobStore(db)).singleton(),
    jobWorker: asFunction(({ jobs, clock, ids, logger, products, assets, writeCopy, planSuite, generateSuite, translateHandler }: Deps) =>
      makeJobWorker({
        jobs,
        clock,
        handlers: { ...makeBulkJobHandlers({ products, assets, writeCopy, planSuite, generateSuite }), translate: translateHandler },
        owner: `${process.pid}-${ids.uuid()}`,
        leaseMs: JOB_LEASE_MS,
        pollMs: JOB_POLL_MS,
        stopWaitMs: WORKER_STOP_WAIT_MS,
        onError: (err) => logger.error({ err }, 'job worker failed'),
      }),
    ).singleton(),
    bulkProducts: asFunction((c: Deps) =>
      makeBulkProducts({
        ...{ unitOfWork: c.unitOfWork, clock: c.clock, ids: c.ids, jobs: c.jobs, moveProductStage: c.moveProductStage, deleteProduct: c.deleteProduct },
        ...{ repriceProduct: c.repriceProduct, getFxRate: c.getFxRate, onJobQueued: () => c.jobWorker.nudge() },
        // Resolved at the first market action: the market-follow feature registers after this one.
        setSaleStock: c.setSaleStock,
        marketActions: (action, productIds) => c.marketActions(action, productIds),
        repriceToMargin: (productIds, marginPercent) => c.repriceToMargin(productIds, marginPercent),
      }),
    ).singleton(),
    getJob: asFunction(({ jobs }: Deps) => makeGetJob({ jobs })).singleton(),
  }),
  protectedRoutes: (cradle: Deps) => [bulkRoutes({ bulkProducts: cradle.bulkProducts, getJob: cradle.getJob })],
  async start(cradle) {
    if (!imageUrlsAbsolute(cradle)) cradle.logger.warn(RELATIVE_IMAGE_URLS_WARNING);
  },
  workers: (cradle) => ({ jobs: cradle.jobWorker }),
  gauges: (cradle) => ({ jobs_unfinished: { help: 'Bulk and translate jobs queued or running', read: makeQueueDepths(cradle.db).unfinishedJobs } }),
};
