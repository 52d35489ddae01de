import { asFunction } from 'awilix';
import { type ImageProcessor } from '../../application/ports/image-processor.ts';
import { type ModelCatalog } from '../../application/ports/model-catalog.ts';
import { type GenerationQueue, type SuiteJobStore } from '../../application/ports/suite-jobs.ts';
import { type ApplyCopy, makeApplyCopy } from '../../application/use-cases/apply-copy.ts';
import { type EditImage, makeEditImage } from '../../application/use-cases/edit-image.ts';
import { type GenerateSuite, makeGenerateSuite } from '../../application/use-cases/generate-suite.ts';
import { type GetSuiteArchive, makeGetSuiteArchive } from '../../application/use-cases/get-suite-archive.ts';
import { type GetSuite, makeGetSuite } from '../../application/use-cases/get-suite.ts';
import { type LegacyImageSuite, makeLegacyImageSuite } from '../../application/use-cases/legacy-image-suite.ts';
import { type ListProductSuites, makeListProductSuites } from '../../application/use-cases/list-product-suites.ts';
import { type PlanSuite, makePlanSuite } from '../../application/use-cases/plan-suite.ts';
import { type TranslateImages, makeTranslateHandler, makeTranslateImages } from '../../application/use-cases/translate-images.ts';
import { type WriteCopy, makeWriteCopy } from '../../application/use-cases/write-copy.ts';
import { type JobHandler } from '../../application/job-worker.ts';
import { type SuiteRunner, makeSuiteRunner } from '../../application/suite-runner.ts';
import { makeKyselySuiteJobStore } from '../../adapters/persistence/kysely-suite-job-store.ts';
import { makeModelCatalog } from '../../adapters/ai/model-catalog.ts';
import { makeSerialGenerationQueue } from '../../adapters/ai/serial-generation-queue.ts';
import { makeSharpImageProcessor } from '../../adapters/images/sharp-image-processor.ts';
import { aiRoutes } from '../../adapters/http/routes/ai.ts';
import { imageRoutes } from '../../adapters/http/routes/image.ts';
import { suiteRoutes } from '../../adapters/http/routes/suite.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
export type AiRegistry = {
  modelCatalog: ModelCatalog;
  imageProcessor: ImageProcessor;
  /** The one global serial queue of model calls (generation concurrency 1, docs/decisions.md, AI). */
  generationQueue: GenerationQueue;
  /** Suite jobs, stored (docs/decisions.md, AI). */
  suiteJobs: SuiteJobStore;
  /** Makes the images of the suites this process holds, one at a time on the generation queue. */
  suiteRunner: SuiteRunner;
  writeCopy: WriteCopy;
  applyCopy: ApplyCopy;
  planSuite: PlanSuite;
  generateSuite: GenerateSuite;
  getSuite: GetSuite;
  getSuiteArchive: GetSuiteArchive;
  listProductSuites: ListProductSuites;
  editImage: EditImage;
  legacyImageSuite: LegacyImageSuite;
  translateImages: TranslateImages;
  /** The durable `translate` job's work per asset (the workbench's job worker runs it). */
  translateHandler: JobHandler;
};

const pipelineDeps = (cradle: Cradle) => ({
  objectStore: cradle.objectStore,
  assets: cradle.assets,
  ids: cradle.ids,
  clock: cradle.clock,
  products: cradle.products,
  catalog: cradle.modelCatalog,
  queue: cradle.generationQueue,
  processor: cradle.imageProcessor,
  loadImage: cradle.loadImage,
});

/** How long a process holds a suite it makes without renewing (renewed every third of it), and how often it looks for abandoned ones. */
const SUITE_LEASE_MS = 60_000;
const SUITE_POLL_MS = 10_000;

/** AI copy, suite planning and generation, image edits (issue 5). Model deadlines: AI_TEXT_TIMEOUT, AI_IMAGE_TIMEOUT. */
export const aiModule: FeatureModuleOf = {
  name: 'ai',
  register(container) {
    container.register({
      modelCatalog: asFunction(({ config }: Cradle) => makeModelCatalog({ ai: config.ai })).singleton(),
      imageProcessor: asFunction(() => makeSharpImageProcessor()).singleton(),
      generationQueue: asFunction(() => makeSerialGenerationQueue()).singleton(),
      suiteJobs: asFunction(({ db }: Cradle) => makeKyselySuiteJobStore(db)).singleton(),
      suiteRunner: asFunction((cradle: Cradle) =>
        makeSuiteRunner({ ...pipelineDeps(cradle), suiteJobs: cradle.suiteJobs, logger: cradle.logger, leaseMs: SUITE_LEASE_MS, pollMs: SUITE_POLL_MS }),
      ).singleton(),
      writeCopy: asFunction(({ modelCatalog, products, clock }: Cradle) => makeWriteCopy({ catalog: modelCatalog, products, clock })).singleton(),
      applyCopy: asFunction(({ products, clock }: Cradle) => makeApplyCopy({ products, clock })).singleton(),
      planSuite: asFunction(({ modelCatalog, products }: Cradle) => makePlanSuite({ catalog: modelCatalog, products })).singleton(),
      generateSuite: asFunction((cradle: Cradle) =>
        makeGenerateSuite({ ...pipelineDeps(cradle), suiteJobs: cradle.suiteJobs, suiteRunner: cradle.suiteRunner, leaseMs: SUITE_LEASE_MS }),
      ).singleton(),
      getSuite: asFunction(({ suiteJobs }: Cradle) => makeGetSuite({ suiteJobs })).singleton(),
      getSuiteArchive: asFunction(({ suiteJobs, objectStore }: Cradle) => makeGetSuiteArchive({ suiteJobs, objectStore })).singleton(),
      listProductSuites: asFunction(({ suiteJobs, products }: Cradle) => makeListProductSuites({ suiteJobs, products })).singleton(),
      editImage: asFunction((cradle: Cradle) => makeEditImage(pipelineDeps(cradle))).singleton(),
      legacyImageSuite: asFunction(({ generateSuite }: Cradle) => makeLegacyImageSuite({ generateSuite })).singleton(),
      translateImages: asFunction((cradle: Cradle) =>
        makeTranslateImages({ ...pipelineDeps(cradle), jobs: cradle.jobs, onJobQueued: () => cradle.jobWorker.nudge() }),
      ).singleton(),
      translateHandler: asFunction((cradle: Cradle) => makeTranslateHandler(pipelineDeps(cradle))).singleton(),
    });
  },
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c: Cradle) => [
    aiRoutes({ modelCatalog: c.modelCatalog, writeCopy: c.writeCopy, applyCopy: c.applyCopy }),
    suiteRoutes({
      planSuite: c.planSuite,
      generateSuite: c.generateSuite,
      getSuite: c.getSuite,
      getSuiteArchive: c.getSuiteArchive,
      listProductSuites: c.listProductSuites,
      editImage: c.editImage,
    }),
    imageRoutes({ editImage: c.editImage, legacyImageSuite: c.legacyImageSuite, translateImages: c.translateImages }),
  ],
  async start(cradle) {
    cradle.suiteRunner.start();
  },
  async stop(cradle) {
    // Waiting generations are dropped (their suites continue after the next start); the running one finishes
    // and is saved before the claims are let go and the DB closes.
    await cradle.generationQueue.drain();
    await cradle.suiteRunner.stop();
  },
};
