import { invalid } from '../../domain/common/errors.ts';
import { type SuiteJob } from '../../domain/ai/suite-job.ts';
import { suiteFileNames } from '../../domain/ai/suite-files.ts';
import { MAX_SUITE_IMAGES, type ReferenceCandidate, cleanPlan, expandPlan } from '../../domain/ai/suite-plan.ts';
import { assertEditable } from '../../domain/catalog/product-stage.ts';
import { type LoadImage, type StoreGeneratedDeps, cardSource } from '../image-pipeline.ts';
import { loadProduct } from '../product-access.ts';
import { collectedTexts } from '../product-texts.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type SuiteJobStore, type WatermarkInput } from '../ports/suite-jobs.ts';
import { type SuiteRunner } from '../suite-runner.ts';
import { resolveWatermark } from '../watermark-settings.ts';
import { isVideoAsset } from '../../domain/media/video-format.ts';

export type { WatermarkInput } from '../ports/suite-jobs.ts';
export { resolveWatermark } from '../watermark-settings.ts';

export type GenerateSuiteDeps = StoreGeneratedDeps & {
  readonly products: ProductRepository;
  readonly catalog: ModelCatalog;
  readonly suiteJobs: SuiteJobStore;
  readonly suiteRunner: Pick<SuiteRunner, 'run'>;
  readonly loadImage: LoadImage;
  /** How long the new job is held by this process before another may continue it (renewed while it runs). */
  readonly leaseMs: number;
};

export type GenerateSuiteInput = {
  readonly productId: string;
  /** The card texts' source; empty means the product's collected texts. */
  readonly texts: readonly { readonly kind: string; readonly content: string }[];
  /** Reference images; empty means the product's own stored pictures. */
  readonly images: readonly ReferenceCandidate[];
  readonly styleSet: number;
  readonly stylePrompt: string | null;
  readonly requirements: string | null;
  /** The plan as the client sent it; cleaned and expanded here. */
  readonly plan: readonly unknown[];
  readonly platform: string;
  readonly model: string | null;
  readonly watermark: WatermarkInput | null;
};

export type GenerateSuiteOutput = { readonly suite_id: string };
export type GenerateSuite = (input: GenerateSuiteInput) => Promise<GenerateSuiteOutput>;

/** The product's own stored pictures (main, SKU, detail, uploads) as references, when the request names none. */
async function storedProductImages(deps: { assets: StoreGeneratedDeps['assets'] }, productId: string): Promise<ReferenceCandidate[]> {
  const assets = await deps.assets.listByProduct(productId);
  return assets
    .filter((asset) => asset.status === 'stored' && asset.stored_url !== '' && asset.group_key !== 'generated' && !isVideoAsset(asset))
    .map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name }));
}

/**
 * POST /suite/generate: checks the request, stores the job with what its images need (docs/decisions.md, AI) and
 * hands it to the runner, which makes one image after another on the global serial queue; answers the suite id
 * at once. Each image resolves its references, asks the model, normalises to the marketplace card, watermarks,
 * is stored under suites/<id>/<name> and appended as a `generated` asset.
 */
export function makeGenerateSuite(deps: GenerateSuiteDeps): GenerateSuite {
  return async (input) => {
    const { entry } = deps.catalog.imageModel(input.model);
    const product = await loadProduct(deps.products, input.productId);
    assertEditable(product);
    // The plan was cleaned against the SKU variants when it was made; here a variant stays bound even when no
    // reference image carries it (the card is still that variant's; its reference falls back to the main image).
    const planVariants = input.plan.map((item) => (typeof item === 'object' && item !== null ? (item as { variant_name?: unknown }).variant_name : null));
    const jobs = expandPlan(
      cleanPlan(
        input.plan,
        planVariants.filter((name): name is string => typeof name === 'string'),
      ).items,
    );
    if (jobs.length === 0) throw invalid('EMPTY_PLAN', '计划中没有要生成的图片（所有条目数量为 0 或类型不支持）');
    if (jobs.length > MAX_SUITE_IMAGES) throw invalid('SUITE_TOO_LARGE', `一次最多生成 ${MAX_SUITE_IMAGES} 张图，本计划共 ${jobs.length} 张`);
    // Checked now so a bad watermark is a 422 here; each run loads it again.
    await resolveWatermark(input.watermark, deps.loadImage);
    const references = input.images.length > 0 ? input.images : await storedProductImages(deps, product.id);
    if (references.length === 0) {
      throw invalid('NO_REFERENCE_IMAGE', '没有可用的商品图片：请先采集或上传至少一张商品图，再生成套图', [
        { path: '/images', message: '至少需要一张商品图片作为参考' },
      ]);
    }
    const now = deps.clock.now();
    const suite: SuiteJob = {
      id: deps.ids.uuid(),
      product_id: product.id,
      status: 'pending',
      style_set: input.styleSet,
      platform: input.platform,
      lang: 'ru',
      ratio: '3:4',
      provider: entry.provider,
      total: jobs.length,
      images: [],
      error: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const work = {
      model: input.model,
      jobs,
      names: suiteFileNames(jobs.map((job) => ({ title: job.item.title, fallback: job.item.kind }))),
      references,
      style_prompt: input.stylePrompt,
      requirements: input.requirements,
      source: cardSource(product, input.texts.length > 0 ? input.texts : collectedTexts(product.raw.texts)),
      watermark: input.watermark,
    };
    await deps.suiteJobs.create(suite, work, new Date(now.getTime() + deps.leaseMs).toISOString());
    deps.suiteRunner.run(suite.id);
    return { suite_id: suite.id };
  };
}
