import { isDomainError } from '../domain/common/errors.ts';
import { type SuiteJob, appendImage, isFinal } from '../domain/ai/suite-job.ts';
import { type ImageModel } from './ports/image-model.ts';
import { type Watermark } from './ports/image-processor.ts';
import { type ModelCatalog } from './ports/model-catalog.ts';
import { type GenerationQueue, type SuiteJobStore, type SuiteWork } from './ports/suite-jobs.ts';
import { failedRest, failureText, makeSuiteImage, referenceCache, type SuiteImageDeps } from './suite-image.ts';
import { resolveWatermark } from './watermark-settings.ts';

export type SuiteRunnerDeps = SuiteImageDeps & {
  readonly catalog: ModelCatalog;
  readonly queue: GenerationQueue;
  readonly suiteJobs: SuiteJobStore;
  /** How long a claim holds without a heartbeat; a dead process's suites are continued after it. */
  readonly leaseMs: number;
  /** How often this process looks for suites nobody is making (another process died). */
  readonly pollMs: number;
};

export type SuiteRunner = {
  /** Puts the remaining images of a suite this process holds on the serial queue. */
  run(suiteId: string): void;
  /** Claims suites nobody is making (left by a restart or a dead process) now and every `pollMs`, and renews claims. */
  start(): void;
  /** Looks for abandoned suites now (another instance handed some back), when idle. */
  nudge(): void;
  /** Stops claiming and lets go of the suites still held (their remaining images are made after the next start). */
  stop(): Promise<void>;
};

/** Suites claimed per look, so one process does not take every abandoned suite at once. */
const CLAIM_BATCH = 2;

/**
 * Makes suite images one at a time on the process's serial queue (docs/decisions.md, AI): image i of the plan is
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
  const failRest = (job: SuiteJob, work: SuiteWork, reason: string): Promise<void> => finish(failedRest(job, work, reason, now()));

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
    const tools = { model, watermark, reference: referenceCache(deps) };
    for (let index = job.images.length; index < job.total; index++) {
      deps.queue
        .run(async () => {
          // Read again: the job grew by the images before this one (each saved before the next starts).
          const current = await deps.suiteJobs.get(suiteId);
          if (!current || current.images.length !== index) return;
          if (current.status === 'pending') await deps.suiteJobs.save({ ...current, status: 'running', updated_at: now() });
          const image = await makeSuiteImage(deps, current, work, index, tools);
          await finish(appendImage(current, image, now()));
        })
        // A queue that is stopping refuses waiting work: the next run makes those images.
        .catch(
          (error: unknown) =>
            void (isDomainError(error) && error.code === 'SERVICE_STOPPING'
              ? undefined
              : deps.logger.warn({ err: error, suite_id: suiteId }, 'suite image not saved')),
        );
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
    nudge: () => void claim().catch(report),
    start() {
      const poll = setInterval(() => void claim().catch(report), deps.pollMs);
      const heartbeat = setInterval(
        () => {
          if (held.size > 0) deps.suiteJobs.renew([...held], leaseUntil()).catch(report);
        },
        Math.max(10, Math.floor(deps.leaseMs / 3)),
      );
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
