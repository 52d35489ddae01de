import { cardTexts } from '../domain/ai/card-texts.ts';
import { isDomainError } from '../domain/common/errors.ts';
import { type SuiteImage, type SuiteJob, appendImage } from '../domain/ai/suite-job.ts';
import { resolveReferences } from '../domain/ai/suite-plan.ts';
import { type LoadImage, type StoreGeneratedDeps, storeGenerated } from './image-pipeline.ts';
import { type ImageModel, type ReferenceImage } from './ports/image-model.ts';
import { type ImageProcessor, type Watermark } from './ports/image-processor.ts';
import { type SuiteWork } from './ports/suite-jobs.ts';

export type SuiteImageDeps = StoreGeneratedDeps & {
  readonly processor: ImageProcessor;
  readonly loadImage: LoadImage;
  /** Diagnostics for failures that are not DomainErrors; never answered to users. */
  readonly logger: { warn(details: object, message: string): void };
};

/** What one run of a suite makes its images with: the model, the watermark and its reference images. */
export type SuiteImageTools = {
  readonly model: ImageModel;
  readonly watermark: Watermark | null;
  readonly reference: (url: string) => Promise<ReferenceImage>;
};

/** What a failed image says to the seller: a DomainError's own detail, else a plain 图片生成失败. */
export const failureText = (error: unknown): string => (isDomainError(error) ? error.detail : '图片生成失败');

/** Each reference image loaded and prepared once per run, however many of its images use it. */
export function referenceCache(deps: Pick<SuiteImageDeps, 'loadImage' | 'processor'>): (url: string) => Promise<ReferenceImage> {
  const references = new Map<string, Promise<ReferenceImage>>();
  return (url) => {
    if (!references.has(url))
      references.set(
        url,
        deps.loadImage(url).then((bytes) => deps.processor.toReference(bytes)),
      );
    return references.get(url)!;
  };
}

/** The job with every image not made yet failed with `reason` (the model or the watermark cannot be had). */
export function failedRest(job: SuiteJob, work: SuiteWork, reason: string, now: string): SuiteJob {
  let next = job;
  for (let index = job.images.length; index < job.total; index++) {
    next = appendImage(next, { type_id: work.jobs[index]!.item.kind, name: work.names[index]!, url: '', status: 'failed', error: reason }, now);
  }
  return next;
}

/**
 * Image `index` of the suite's plan: its references, its brief with the card texts, the model's picture,
 * normalised (and watermarked) and stored under `suites/<id>/<name>`. A failure becomes a failed image.
 */
export async function makeSuiteImage(
  deps: SuiteImageDeps,
  job: SuiteJob,
  work: SuiteWork,
  index: number,
  { model, watermark, reference }: SuiteImageTools,
): Promise<SuiteImage> {
  const { item, copy } = work.jobs[index]!;
  const name = work.names[index]!;
  try {
    const refs = await Promise.all(resolveReferences(work.references, item.variant_name).map((image) => reference(image.url)));
    const brief = { ...item, style_prompt: work.style_prompt, requirements: work.requirements, texts: cardTexts(work.source, item), copy };
    const image = await model.generate({ brief, references: refs });
    const normalised = await deps.processor.normalise(image.bytes, watermark);
    const stored = await storeGenerated(deps, {
      productId: job.product_id,
      key: `suites/${job.id}/${name}`,
      image: normalised,
      variant: item.variant_name,
      append: true,
    });
    return { type_id: item.kind, name, url: stored.url, status: 'ok', error: null };
  } catch (error) {
    if (!isDomainError(error)) deps.logger.warn({ err: error, suite_id: job.id, name }, 'suite image failed');
    return { type_id: item.kind, name, url: '', status: 'failed', error: failureText(error) };
  }
}
