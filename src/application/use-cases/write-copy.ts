import { type CopyDraft, chineseInRussianFields } from '../../domain/copy.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { hashtagValue } from '../../domain/hashtags.ts';
import { type JsonObject } from '../../domain/json.ts';
import { assertEditable, revise } from '../../domain/product-stage.ts';
import { collectedTexts } from '../product-texts.ts';
import { type Clock } from '../ports/clock.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type ProductContext } from '../ports/text-model.ts';

export type WriteCopyInput = {
  product_id: string | null;
  title: string;
  texts: ProductContext['texts'];
  attributes: Readonly<Record<string, unknown>>;
  sku_variants: string[];
  keywords: string[];
  model: string | null;
  requirements: string | null;
};

/** The draft plus `hashtags`: the tags as the one value of the marketplace's hashtag attribute (23171). */
export type WriteCopyOutput = CopyDraft & { hashtags: string; model: string };

export type WriteCopyDeps = { catalog: ModelCatalog; products: ProductRepository; clock: Clock };

/** Optimistic writes lose to a concurrent autosave now and then; re-reading a few times settles it. */
const STORE_ATTEMPTS = 3;

/**
 * POST /ai/copy: Russian title, description and tags plus a Chinese parallel text. A draft whose Russian
 * fields contain Chinese gets one corrective retry, then 502. With `product_id` the result goes into the
 * product's `copy` group (name and description change only on /copy/apply).
 */
export function makeWriteCopy(deps: WriteCopyDeps) {
  const store = async (productId: string, result: WriteCopyOutput): Promise<void> => {
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt += 1) {
      const product = await deps.products.findById(productId);
      if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
      const now = deps.clock.now().toISOString();
      const copy: JsonObject = { ...product.copy, ...result, generated_at: now };
      if (await deps.products.update(revise(product, { copy }, now), product.version)) return;
    }
    throw new DomainError('conflict', 'PRODUCT_CHANGED', '商品正在被同时修改，请重试');
  };

  return async (input: WriteCopyInput): Promise<WriteCopyOutput> => {
    const model = deps.catalog.textModel(input.model);
    let texts = input.texts;
    if (input.product_id) {
      const product = await deps.products.findById(input.product_id);
      if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
      assertEditable(product);
      // Clients that send only the title still get copy from everything collected for the product.
      if (texts.length === 0) texts = collectedTexts(product.raw.texts);
    }
    const context: ProductContext = {
      product_id: input.product_id,
      title: input.title,
      texts,
      attributes: input.attributes,
      sku_variants: input.sku_variants,
      keywords: input.keywords,
    };
    let draft = await model.writeCopy({ context, requirements: input.requirements, correction: null });
    let chinese = chineseInRussianFields(draft);
    if (chinese.length > 0) {
      const correction = `The previous answer had Chinese characters in ${chinese.join(', ')}. Russian fields must be entirely in Russian: translate every Chinese word.`;
      draft = await model.writeCopy({ context, requirements: input.requirements, correction });
      chinese = chineseInRussianFields(draft);
    }
    if (chinese.length > 0) {
      throw new DomainError('upstream_failed', 'AI_BAD_OUTPUT', `模型生成的俄文字段仍含中文（${chinese.join('、')}），请重试或换一个模型`);
    }
    const result = { ...draft, hashtags: hashtagValue(draft.tags), model: model.id };
    if (input.product_id) await store(input.product_id, result);
    return result;
  };
}
