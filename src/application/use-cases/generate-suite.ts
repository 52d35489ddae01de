import { cardTexts } from '../../domain/card-texts.ts';
import { invalid, isDomainError, notFound } from '../../domain/errors.ts';
import { type SuiteImage, type SuiteJob, appendImage } from '../../domain/suite-job.ts';
import { suiteFileNames } from '../../domain/suite-files.ts';
import { MAX_SUITE_IMAGES, type ReferenceCandidate, type SuiteImageJob, cleanPlan, expandPlan, resolveReferences } from '../../domain/suite-plan.ts';
import { assertEditable } from '../../domain/product-stage.ts';
import { type LoadImage, type StoreGeneratedDeps, cardSource, storeGenerated } from '../image-pipeline.ts';
import { collectedTexts } from '../product-texts.ts';
import { type ReferenceImage } from '../ports/image-model.ts';
import { type ImageProcessor, type Watermark } from '../ports/image-processor.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type GenerationQueue, type SuiteJobStore } from '../ports/suite-jobs.ts';

export type WatermarkInput = { enabled: boolean; type: 'text' | 'image'; text?: string; opacity: number; image_url?: string };

export type GenerateSuiteDeps = StoreGeneratedDeps & {
  products: ProductRepository;
  catalog: ModelCatalog;
  queue: GenerationQueue;
  suiteJobs: SuiteJobStore;
  processor: ImageProcessor;
  loadImage: LoadImage;
  /** Diagnostics for failures that are not DomainErrors; never answered to users. */
  logger: { warn(details: object, message: string): void };
};

export type GenerateSuiteInput = {
  product_id: string;
  texts: { kind: string; content: string }[];
  images: ReferenceCandidate[];
  style_set: number;
  style_prompt: string | null;
  requirements: string | null;
  plan: unknown[];
  platform: string;
  model: string | null;
  watermark: WatermarkInput | null;
};

export type GenerateSuiteOutput = { suite_id: string };

/** Turns the user's watermark settings into pixels to draw (an image mark is read once, now). */
export async function resolveWatermark(input: WatermarkInput | null, loadImage: LoadImage): Promise<Watermark | null> {
  if (!input?.enabled) return null;
  if (input.type === 'text') {
    const text = input.text?.trim();
    if (!text) throw invalid('WATERMARK_TEXT_REQUIRED', '文字水印需要填写水印文字', [{ path: '/watermark/text', message: '请填写水印文字' }]);
    return { type: 'text', text, opacity: input.opacity };
  }
  if (!input.image_url) throw invalid('WATERMARK_IMAGE_REQUIRED', '图片水印需要提供水印图片地址', [{ path: '/watermark/image_url', message: '请提供水印图片地址' }]);
  return { type: 'image', image: await loadImage(input.image_url), opacity: input.opacity };
}

/** The product's own stored pictures (main, SKU, detail, uploads) as references, when the request names none. */
async function storedProductImages(deps: { assets: StoreGeneratedDeps['assets'] }, productId: string): Promise<ReferenceCandidate[]> {
  const assets = await deps.assets.listByProduct(productId);
  return assets
    .filter((asset) => asset.status === 'stored' && asset.stored_url !== '' && asset.group_key !== 'generated')
    .map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name }));
}

const failureText = (error: unknown): string => (isDomainError(error) ? error.detail : '图片生成失败');

/**
 * POST /suite/generate: expands the plan into one job per image and puts each on the global serial queue;
 * answers the suite id at once. Each job resolves its references, asks the model, normalises to the
 * marketplace card, watermarks, stores under suites/<id>/<name> and appends a `generated` asset.
 */
export function makeGenerateSuite(deps: GenerateSuiteDeps) {
  return async (input: GenerateSuiteInput): Promise<GenerateSuiteOutput> => {
    const { entry, model } = deps.catalog.imageModel(input.model);
    const product = await deps.products.findById(input.product_id);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    assertEditable(product);
    // The plan was cleaned against the SKU variants when it was made; here a variant stays bound even when no
    // reference image carries it (the card is still that variant's; its reference falls back to the main image).
    const planVariants = input.plan.map((item) => (typeof item === 'object' && item !== null ? (item as { variant_name?: unknown }).variant_name : null));
    const jobs = expandPlan(cleanPlan(input.plan, planVariants.filter((name): name is string => typeof name === 'string')).items);
    if (jobs.length === 0) throw invalid('EMPTY_PLAN', '计划中没有要生成的图片（所有条目数量为 0 或类型不支持）');
    if (jobs.length > MAX_SUITE_IMAGES) throw invalid('SUITE_TOO_LARGE', `一次最多生成 ${MAX_SUITE_IMAGES} 张图，本计划共 ${jobs.length} 张`);
    const watermark = await resolveWatermark(input.watermark, deps.loadImage);
    const images = input.images.length > 0 ? input.images : await storedProductImages(deps, product.id);
    if (images.length === 0) {
      throw invalid('NO_REFERENCE_IMAGE', '没有可用的商品图片：请先采集或上传至少一张商品图，再生成套图', [{ path: '/images', message: '至少需要一张商品图片作为参考' }]);
    }
    const names = suiteFileNames(jobs.map((job) => ({ title: job.item.title, fallback: job.item.kind })));
    const now = deps.clock.now().toISOString();
    const suite: SuiteJob = {
      id: deps.ids.uuid(),
      product_id: product.id,
      status: 'pending',
      style_set: input.style_set,
      platform: input.platform,
      lang: 'ru',
      ratio: '3:4',
      provider: entry.provider,
      total: jobs.length,
      images: [],
      error: null,
      created_at: now,
      updated_at: now,
    };
    deps.suiteJobs.create(suite);
    const source = cardSource(product, input.texts.length > 0 ? input.texts : collectedTexts(product.raw.texts));
    const references = new Map<string, Promise<ReferenceImage>>();
    const reference = (url: string): Promise<ReferenceImage> => {
      let loaded = references.get(url);
      if (!loaded) {
        loaded = deps.loadImage(url).then((bytes) => deps.processor.toReference(bytes));
        references.set(url, loaded);
      }
      return loaded;
    };

    const generateOne = async (job: SuiteImageJob, name: string): Promise<SuiteImage> => {
      deps.suiteJobs.update(suite.id, (current) => (current.status === 'pending' ? { ...current, status: 'running' } : current));
      const refs = await Promise.all(resolveReferences(images, job.item.variant_name).map((image) => reference(image.url)));
      const brief = { ...job.item, style_prompt: input.style_prompt, requirements: input.requirements, texts: cardTexts(source, job.item), copy: job.copy };
      const image = await model.generate({ brief, references: refs });
      const normalised = await deps.processor.normalise(image.bytes, watermark);
      const stored = await storeGenerated(deps, { productId: product.id, key: `suites/${suite.id}/${name}`, image: normalised, variant: job.item.variant_name, append: true });
      return { type_id: job.item.kind, name, url: stored.url, status: 'ok', error: null };
    };

    jobs.forEach((job, position) => {
      const name = names[position]!;
      void deps.queue
        .run(() => generateOne(job, name))
        .catch((error: unknown): SuiteImage => {
          if (!isDomainError(error)) deps.logger.warn({ err: error, suite_id: suite.id, name }, 'suite image failed');
          return { type_id: job.item.kind, name, url: '', status: 'failed', error: failureText(error) };
        })
        .then((image) => deps.suiteJobs.update(suite.id, (current) => appendImage(current, image, deps.clock.now().toISOString())));
    });
    return { suite_id: suite.id };
  };
}
