import { asFunction } from 'awilix';
import { makeJobWorker, type JobWorker } from '../../application/job-worker.ts';
import { type JobStore } from '../../application/ports/job-store.ts';
import { makeBulkJobHandlers } from '../../application/use-cases/bulk-job-handlers.ts';
import { type BulkProducts, makeBulkProducts } from '../../application/use-cases/bulk-products.ts';
import { type GetJob, makeGetJob } from '../../application/use-cases/get-job.ts';
import { bulkRoutes } from '../../adapters/http/routes/bulk.ts';
import { makeKyselyJobStore } from '../../adapters/persistence/kysely-job-store.ts';
import { RELATIVE_IMAGE_URLS_WARNING } from '../../adapters/http/routes/exports.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';
import { imageUrlsAbsolute } from './catalog.ts';

/** A lease long enough for one item's slowest work (a text model call: AI_TEXT_TIMEOUT 120 s by default). */
const JOB_LEASE_MS = 5 * 60_000;
const JOB_POLL_MS = 2_000;

export type WorkbenchRegistry = {
  jobs: JobStore;
  jobWorker: JobWorker;
  bulkProducts: BulkProducts;
  getJob: GetJob;
};

/** Bulk actions on many products and the durable jobs they queue (issue 14). */
export const workbenchModule: FeatureModuleOf = {
  name: 'workbench',
  register(container) {
    container.register({
      jobs: asFunction(({ db }: Cradle) => makeKyselyJobStore(db)).singleton(),
      jobWorker: asFunction(({ jobs, clock, ids, logger, products, assets, writeCopy, planSuite, generateSuite, translateHandler }: Cradle) =>
        makeJobWorker({
          jobs,
          clock,
          handlers: { ...makeBulkJobHandlers({ products, assets, writeCopy, planSuite, generateSuite }), translate: translateHandler },
          owner: `${process.pid}-${ids.uuid()}`,
          leaseMs: JOB_LEASE_MS,
          pollMs: JOB_POLL_MS,
          onError: (err) => logger.error({ err }, 'job worker failed'),
        }),
      ).singleton(),
      bulkProducts: asFunction(({ unitOfWork, clock, ids, jobs, moveProductStage, deleteProduct, repriceProduct, getFxRate, jobWorker }: Cradle) =>
        makeBulkProducts({ unitOfWork, clock, ids, jobs, moveProductStage, deleteProduct, repriceProduct, getFxRate, onJobQueued: () => jobWorker.nudge() }),
      ).singleton(),
      getJob: asFunction(({ jobs }: Cradle) => makeGetJob({ jobs })).singleton(),
    });
  },
  protectedRoutes: (cradle: Cradle) => [bulkRoutes({ bulkProducts: cradle.bulkProducts, getJob: cradle.getJob })],
  async start(cradle) {
    if (!imageUrlsAbsolute(cradle)) cradle.logger.warn(RELATIVE_IMAGE_URLS_WARNING);
    cradle.jobWorker.start();
  },
  async stop(cradle) {
    await cradle.jobWorker.stop();
  },
};
