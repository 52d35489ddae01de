import { DomainError, invalid, notFound } from '../../domain/common/errors.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { assertEditable } from '../../domain/catalog/product-stage.ts';
import { type LoadImage, type StoreGeneratedDeps, storeGenerated } from '../image-pipeline.ts';
import { type JobHandler } from '../job-worker.ts';
import { loadProduct } from '../product-access.ts';
import { type ImageBrief } from '../ports/image-model.ts';
import { type ImageProcessor } from '../ports/image-processor.ts';
import { type JobStore } from '../ports/job-store.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type GenerationQueue } from '../ports/suite-jobs.ts';
import { isVideoAsset } from '../../domain/media/video-format.ts';

/** What every capable family is asked (图片文字翻译): Russian instead of Chinese, nothing else changed. */
export const TRANSLATE_INSTRUCTION = [
  'Replace every Chinese text in this image with its natural Russian translation.',
  'Keep the layout exactly: the same positions, sizes, colours and style of each text block, the same product, background and graphics.',
  'Numbers, units and brand names stay as they are. Add nothing, remove nothing else.',
].join(' ');

const brief: ImageBrief = {
  kind: 'edit',
  title: '',
  detail: TRANSLATE_INSTRUCTION,
  prompt_hint: '',
  style_prompt: null,
  requirements: null,
  texts: { headline: null, points: [], sizes: [], variant: null },
};

export type TranslateImagesInput = { readonly productId: string; readonly assetIds: readonly string[]; readonly model: string | null };
export type TranslateImagesOutput = { readonly job_id: string };
export type TranslateImages = (input: TranslateImagesInput) => Promise<TranslateImagesOutput>;

export type TranslateImagesDeps = StoreGeneratedDeps & {
  readonly products: ProductRepository;
  readonly catalog: ModelCatalog;
  readonly jobs: JobStore;
  readonly queue: GenerationQueue;
  readonly processor: ImageProcessor;
  readonly loadImage: LoadImage;
  /** Wakes the job worker so the job starts now rather than at its next poll. */
  readonly onJobQueued: () => void;
};

/** The job's per-asset work needs no product repository or job store: the worker owns the job. */
export type TranslateHandlerDeps = Omit<TranslateImagesDeps, 'jobs' | 'onJobQueued' | 'products'>;

/**
 * POST /image/translate (docs/decisions.md, AI): checks the model can rewrite text in images and that every asset is a
 * stored image of the product, then queues one durable `translate` job (an item per asset) and answers its id.
 */
export function makeTranslateImages(deps: TranslateImagesDeps): TranslateImages {
  return async (input) => {
    const { entry } = deps.catalog.imageModel(input.model);
    if (!entry.capabilities.edits_text) {
      throw invalid('MODEL_CANNOT_EDIT_TEXT', `${entry.label}不能改写图中文字：请选择已配置密钥的 AI 图片模型（通义千问、GPT Image、Gemini 或豆包 Seedream）`, [
        { path: '/model', message: '该模型不能翻译图中文字' },
      ]);
    }
    const product = await loadProduct(deps.products, input.productId);
    assertEditable(product);
    const assets = new Map((await deps.assets.listByProduct(product.id)).map((asset) => [asset.asset_id, asset]));
    const problems = input.assetIds.flatMap((id, index) => {
      const asset = assets.get(id);
      if (!asset) return [{ path: `/asset_ids/${index}`, message: '该图片不属于这个商品' }];
      if (isVideoAsset(asset)) return [{ path: `/asset_ids/${index}`, message: '这是视频，不能翻译图中文字' }];
      return asset.status === 'stored' ? [] : [{ path: `/asset_ids/${index}`, message: '该图片还没有下载完成' }];
    });
    if (problems.length > 0) throw invalid('ASSET_NOT_USABLE', '有图片不属于这个商品或尚未下载完成', problems);
    const jobId = deps.ids.uuid();
    const subjects = [...new Set(input.assetIds)].map((asset_id) => ({ asset_id }));
    await deps.jobs.create({ id: jobId, kind: 'translate', params: { product_id: product.id, model: entry.id }, subjects }, deps.clock.now().toISOString());
    deps.onJobQueued();
    return { job_id: jobId };
  };
}

/** The `translate` job's work for one asset: the model rewrites its text; the result is appended in `translated`, naming its source. */
export function makeTranslateHandler(deps: TranslateHandlerDeps): JobHandler {
  return async (subject: JsonObject, params: JsonObject) => {
    const asset = await deps.assets.findById(String(subject.asset_id));
    if (!asset || asset.product_id !== params.product_id) throw notFound('ASSET_NOT_FOUND', '图片不存在或已删除');
    if (!asset.stored_url) throw new DomainError('conflict', 'ASSET_NOT_STORED', '图片还没有下载完成');
    const { model } = deps.catalog.imageModel(typeof params.model === 'string' ? params.model : null);
    const reference = await deps.processor.toReference(await deps.loadImage(asset.stored_url));
    const translated = await deps.queue.run(() => model.generate({ brief, references: [reference] }));
    const image = await deps.processor.normalise(translated.bytes, null);
    const key = `products/${asset.product_id}/translated/${deps.ids.uuid()}.jpg`;
    // A translation of a translation still names the original picture: it is that picture's newest Russian version.
    const translatedFrom = asset.translated_from ?? asset.asset_id;
    const stored = await storeGenerated(deps, {
      productId: asset.product_id,
      key,
      image,
      variant: asset.variant_name,
      append: true,
      group: 'translated',
      translatedFrom,
    });
    return { new_asset_id: stored.asset_id };
  };
}
