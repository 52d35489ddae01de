import { asFunction } from 'awilix';
import { makeApplyCopy } from '../../application/use-cases/apply-copy.ts';
import { makeEditImage } from '../../application/use-cases/edit-image.ts';
import { makeGenerateSuite } from '../../application/use-cases/generate-suite.ts';
import { makeGetSuiteArchive } from '../../application/use-cases/get-suite-archive.ts';
import { makeGetSuite } from '../../application/use-cases/get-suite.ts';
import { makeLegacyImageSuite } from '../../application/use-cases/legacy-image-suite.ts';
import { makeListProductSuites } from '../../application/use-cases/list-product-suites.ts';
import { makePlanSuite } from '../../application/use-cases/plan-suite.ts';
import { makeTranslateHandler, makeTranslateImages } from '../../application/use-cases/translate-images.ts';
import { makeWriteCopy } from '../../application/use-cases/write-copy.ts';
import { makeSuiteRunner } from '../../application/suite-runner.ts';
import { makeKyselySuiteJobStore } from '../../adapters/persistence/kysely-suite-job-store.ts';
import { makeModelCatalog } from '../../adapters/ai/model-catalog.ts';
import { makeSerialGenerationQueue } from '../../adapters/ai/serial-generation-queue.ts';
import { makeSharpImageProcessor } from '../../adapters/images/sharp-image-processor.ts';
import { aiRoutes } from '../../adapters/http/routes/ai.ts';
import { imageRoutes } from '../../adapters/http/routes/image.ts';
import { suiteRoutes } from '../../adapters/http/routes/suite.ts';
import { type FeatureModule } from '../feature-module.ts';
import { countModelCalls } from '../model-call-metrics.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type AiRegistry } from '../registries/ai.ts';
import { type WorkbenchRegistry } from '../registries/workbench.ts';
import { type IntakeRegistry } from '../registries/intake.ts';

const pipelineDeps = (cradle: Deps) => ({
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

type Deps = AiRegistry & CoreRegistry & WorkbenchRegistry & IntakeRegistry;

/** AI copy, suite planning and generation, image edits (issue 5). Model deadlines: AI_TEXT_TIMEOUT, AI_IMAGE_TIMEOUT. */
export const aiModule: FeatureModule<AiRegistry, CoreRegistry & WorkbenchRegistry & IntakeRegistry> = {
  name: 'ai',
  provide: () => ({
    modelCatalog: asFunction(({ config, metrics }: Deps) => countModelCalls(makeModelCatalog({ ai: config.ai }), metrics)).singleton(),
    imageProcessor: asFunction(() => makeSharpImageProcessor()).singleton(),
    generationQueue: asFunction(() => makeSerialGenerationQueue()).singleton(),
    suiteJobs: asFunction(({ db }: Deps) => makeKyselySuiteJobStore(db)).singleton(),
    suiteRunner: asFunction((cradle: Deps) =>
      makeSuiteRunner({ ...pipelineDeps(cradle), suiteJobs: cradle.suiteJobs, logger: cradle.logger, leaseMs: SUITE_LEASE_MS, pollMs: SUITE_POLL_MS }),
    ).singleton(),
    writeCopy: asFunction(({ modelCatalog, products, clock }: Deps) => makeWriteCopy({ catalog: modelCatalog, products, clock })).singleton(),
    applyCopy: asFunction(({ products, clock }: Deps) => makeApplyCopy({ products, clock })).singleton(),
    planSuite: asFunction(({ modelCatalog, products }: Deps) => makePlanSuite({ catalog: modelCatalog, products })).singleton(),
    generateSuite: asFunction((cradle: Deps) =>
      makeGenerateSuite({ ...pipelineDeps(cradle), suiteJobs: cradle.suiteJobs, suiteRunner: cradle.suiteRunner, leaseMs: SUITE_LEASE_MS }),
    ).singleton(),
    getSuite: asFunction(({ suiteJobs }: Deps) => makeGetSuite({ suiteJobs })).singleton(),
    getSuiteArchive: asFunction(({ suiteJobs, objectStore }: Deps) => makeGetSuiteArchive({ suiteJobs, objectStore })).singleton(),
    listProductSuites: asFunction(({ suiteJobs, products }: Deps) => makeListProductSuites({ suiteJobs, products })).singleton(),
    editImage: asFunction((cradle: Deps) => makeEditImage(pipelineDeps(cradle))).singleton(),
    legacyImageSuite: asFunction(({ generateSuite }: Deps) => makeLegacyImageSuite({ generateSuite })).singleton(),
    translateImages: asFunction((cradle: Deps) =>
      makeTranslateImages({ ...pipelineDeps(cradle), jobs: cradle.jobs, onJobQueued: () => cradle.jobWorker.nudge() }),
    ).singleton(),
    translateHandler: asFunction((cradle: Deps) => makeTranslateHandler(pipelineDeps(cradle))).singleton(),
  }),
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c: Deps) => [
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
  workers: (cradle) => ({
    suites: {
      start: () => cradle.suiteRunner.start(),
      nudge: () => cradle.suiteRunner.nudge(),
      async stop() {
        // Waiting generations are dropped (their suites continue on another instance or after the next start);
        // the running one finishes and is saved before the claims are handed back.
        await cradle.generationQueue.drain();
        await cradle.suiteRunner.stop();
      },
    },
  }),
};
