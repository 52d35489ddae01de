import { type ImageProcessor } from '../../application/ports/image-processor.ts';
import { type ModelCatalog } from '../../application/ports/model-catalog.ts';
import { type GenerationQueue, type SuiteJobStore } from '../../application/ports/suite-jobs.ts';
import { type ApplyCopy } from '../../application/use-cases/apply-copy.ts';
import { type EditImage } from '../../application/use-cases/edit-image.ts';
import { type GenerateSuite } from '../../application/use-cases/generate-suite.ts';
import { type GetSuiteArchive } from '../../application/use-cases/get-suite-archive.ts';
import { type GetSuite } from '../../application/use-cases/get-suite.ts';
import { type LegacyImageSuite } from '../../application/use-cases/legacy-image-suite.ts';
import { type ListProductSuites } from '../../application/use-cases/list-product-suites.ts';
import { type PlanSuite } from '../../application/use-cases/plan-suite.ts';
import { type TranslateImages } from '../../application/use-cases/translate-images.ts';
import { type WriteCopy } from '../../application/use-cases/write-copy.ts';
import { type JobHandler } from '../../application/job-worker.ts';
import { type SuiteRunner } from '../../application/suite-runner.ts';

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
