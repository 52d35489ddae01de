import { cardTexts } from '../domain/card-texts.ts';
import { isDomainError } from '../domain/errors.ts';
import { type SuiteImage, type SuiteJob, appendImage, isFinal } from '../domain/suite-job.ts';
import { resolveReferences } from '../domain/suite-plan.ts';
import { type LoadImage, type StoreGeneratedDeps, storeGenerated } from './image-pipeline.ts';
import { type ImageModel, type ReferenceImage } from './ports/image-model.ts';
import { type ImageProcessor, type Watermark } from './ports/image-processor.ts';
import { type ModelCatalog } from './ports/model-catalog.ts';
import { type GenerationQueue, type SuiteJobStore, type SuiteWork } from './ports/suite-jobs.ts';
import { resolveWatermark } from './watermark-settings.ts';

export type SuiteRunnerDeps = StoreGeneratedDeps & {
  readonly catalog: ModelCatalog;
  readonly queue: GenerationQueue;
  readonly suiteJobs: SuiteJobStore;
  readonly processor: ImageProcessor;
  readonly loadImage: LoadImage;
  /** How long a claim holds without a heartbeat; a dead process's suites are continued after it. */
  readonly leaseMs: number;
  /** How often this process looks for suites nobody is making (another process died). */
  readonly pollMs: number;
  /** Diagnostics for failures that are not DomainErrors; never answered to users. */
  readonly logger: { warn(details: object, message: string): void };
};

export type SuiteRunner = {
  /** Puts the remaining images of a suite this process holds on the serial queue. */
  run(suiteId: string): void;
  /** Claims suites nobody is making (left by a restart or a dead process) now and every `pollMs`, and renews claims. */
  start(): void;
  /** Stops claiming and lets go of the suites still held (their remaining images are made after the next start). */
  stop(): Promise<void>;
};

const failureText = (error: unknown): string => (isDomainError(error) ? error.detail : '图片生成失败');
/** Suites claimed per look, so one process does not take every abandoned suite at once. */
const CLAIM_BATCH = 2;

/**
 * Makes suite images one at a time on the process's serial queue (DECISIONS §9.3): image i of the plan is
 * made only when the job holds i images, each result is saved before the next starts, so a run that stops
 * anywhere is continued by the next from the images the job has (an image made but not yet saved is made again
 * under the same file name).
 */
export function makeSuiteRunner(deps: SuiteRunnerDeps): SuiteRunner {
  const held = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const leaseUntil = (): string => new Date(deps.clock.now().getTime() + deps.leaseMs).toISOString();
  const now = (): string => deps.clock.now().toISOString();

  const finish = async (job: SuiteJob): Promise<void> => {
    await deps.suiteJobs.save(job);
    if (isFinal(job.status)) held.delete(job.id);
  };

  /** Every image not made yet fails with `reason` (the model or the watermark cannot be had). */
  const failRest = async (job: SuiteJob, work: SuiteWork, reason: string): Promise<void> => {
    let next = job;
    for (let index = job.images.length; index < job.total; index++) {
      next = appendImage(next, { type_id: work.jobs[index]!.item.kind, name: work.names[index]!, url: '', status: 'failed', error: reason }, now());
    }
    await finish(next);
  };

  const makeImage = async (job: SuiteJob, work: SuiteWork, index: number, model: ImageModel, watermark: Watermark | null, reference: (url: string) => Promise<ReferenceImage>): Promise<SuiteImage> => {
    const { item, copy } = work.jobs[index]!;
    const name = work.names[index]!;
    try {
      const refs = await Promise.all(resolveReferences(work.references, item.variant_name).map((image) => reference(image.url)));
      const brief = { ...item, style_prompt: work.style_prompt, requirements: work.requirements, texts: cardTexts(work.source, item), copy };
      const image = await model.generate({ brief, references: refs });
      const normalised = await deps.processor.normalise(image.bytes, watermark);
      const stored = await storeGenerated(deps, { productId: job.product_id, key: `suites/${job.id}/${name}`, image: normalised, variant: item.variant_name, append: true });
      return { type_id: item.kind, name, url: stored.url, status: 'ok', error: null };
    } catch (error) {
      if (!isDomainError(error)) deps.logger.warn({ err: error, suite_id: job.id, name }, 'suite image failed');
      return { type_id: item.kind, name, url: '', status: 'failed', error: failureText(error) };
    }
  };

  const runHeld = async (suiteId: string): Promise<void> => {
    const [job, work] = await Promise.all([deps.suiteJobs.get(suiteId), deps.suiteJobs.work(suiteId)]);
    if (!job || !work || isFinal(job.status)) return void held.delete(suiteId);
    let model: ImageModel;
    let watermark: Watermark | null;
    try {
      model = deps.catalog.imageModel(work.model).model;
      watermark = await resolveWatermark(work.watermark, deps.loadImage);
    } catch (error) {
      return failRest(job, work, failureText(error));
    }
    const references = new Map<string, Promise<ReferenceImage>>();
    const reference = (url: string): Promise<ReferenceImage> => {
      if (!references.has(url)) references.set(url, deps.loadImage(url).then((bytes) => deps.processor.toReference(bytes)));
      return references.get(url)!;
    };
    for (let index = job.images.length; index < job.total; index++) {
      deps.queue
        .run(async () => {
          // Read again: the job grew by the images before this one (each saved before the next starts).
          const current = await deps.suiteJobs.get(suiteId);
          if (!current || current.images.length !== index) return;
          if (current.status === 'pending') await deps.suiteJobs.save({ ...current, status: 'running', updated_at: now() });
          const image = await makeImage(current, work, index, model, watermark, reference);
          await finish(appendImage(current, image, now()));
        })
        // A queue that is stopping refuses waiting work: the next run makes those images.
        .catch((error: unknown) => void (isDomainError(error) && error.code === 'SERVICE_STOPPING' ? undefined : deps.logger.warn({ err: error, suite_id: suiteId }, 'suite image not saved')));
    }
  };

  const run = (suiteId: string): void => {
    held.add(suiteId);
    runHeld(suiteId).catch((error: unknown) => deps.logger.warn({ err: error, suite_id: suiteId }, 'suite run failed'));
  };

  // Only an idle process takes over others' suites, so none waits behind this one's queue while another is idle.
  const claim = async (): Promise<void> => {
    if (stopped || held.size > 0) return;
    for (const id of await deps.suiteJobs.claimUnfinished(now(), leaseUntil(), CLAIM_BATCH)) run(id);
  };
  const report = (error: unknown) => deps.logger.warn({ err: error }, 'suite claims failed');

  return {
    run,
    start() {
      const poll = setInterval(() => void claim().catch(report), deps.pollMs);
      const heartbeat = setInterval(() => {
        if (held.size > 0) deps.suiteJobs.renew([...held], leaseUntil()).catch(report);
      }, Math.max(10, Math.floor(deps.leaseMs / 3)));
      for (const timer of [poll, heartbeat]) timer.unref();
      timers.push(poll, heartbeat);
      void claim().catch(report);
    },
    async stop() {
      stopped = true;
      timers.splice(0).forEach(clearInterval);
      await deps.suiteJobs.release([...held]).catch(report);
      held.clear();
    },
  };
}
