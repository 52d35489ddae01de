import { type CopyDraft, chineseInRussianFields } from '../../domain/ai/copy.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { hashtagValue } from '../../domain/publishing/hashtags.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { assertEditable, revise } from '../../domain/catalog/product-stage.ts';
import { loadProduct } from '../product-access.ts';
import { collectedTexts } from '../product-texts.ts';
import { type Clock } from '../ports/clock.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type ProductContext } from '../ports/text-model.ts';

export type WriteCopyInput = {
  /** With a product, the draft is stored in its `copy` group and its collected texts stand in for missing ones. */
  readonly productId: string | null;
  readonly title: string;
  readonly texts: ProductContext['texts'];
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly skuVariants: readonly string[];
  readonly keywords: readonly string[];
  readonly model: string | null;
  readonly requirements: string | null;
  /** Who asks; the product's copy group is stored as their edit. */
  readonly actor?: Actor | undefined;
};

/** The draft plus `hashtags`: the tags as the one value of the marketplace's hashtag attribute (23171). */
export type WriteCopyOutput = CopyDraft & { hashtags: string; model: string };

export type WriteCopyDeps = { readonly catalog: ModelCatalog; readonly products: ProductRepository; readonly clock: Clock };
export type WriteCopy = (input: WriteCopyInput) => Promise<WriteCopyOutput>;

/** Optimistic writes lose to a concurrent autosave now and then; re-reading a few times settles it. */
const STORE_ATTEMPTS = 3;

/**
 * POST /ai/copy: Russian title, description and tags plus a Chinese parallel text. A draft whose Russian
 * fields contain Chinese gets one corrective retry, then 502. With `product_id` the result goes into the
 * product's `copy` group (name and description change only on /copy/apply).
 */
export function makeWriteCopy(deps: WriteCopyDeps): WriteCopy {
  const store = async (productId: string, result: WriteCopyOutput, actor: Actor | undefined): Promise<void> => {
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt += 1) {
      const product = await loadProduct(deps.products, productId);
      const now = deps.clock.now().toISOString();
      const copy: JsonObject = { ...product.copy, ...result, generated_at: now };
      if (await deps.products.update(attributed(revise(product, { copy }, now), actor), product.version)) return;
    }
    throw new DomainError('conflict', 'PRODUCT_CHANGED', '商品正在被同时修改，请重试');
  };

  return async (input) => {
    const model = deps.catalog.textModel(input.model);
    let texts = input.texts;
    if (input.productId) {
      const product = await loadProduct(deps.products, input.productId);
      assertEditable(product);
      // Clients that send only the title still get copy from everything collected for the product.
      if (texts.length === 0) texts = collectedTexts(product.raw.texts);
    }
    const context: ProductContext = {
      product_id: input.productId,
      title: input.title,
      texts,
      attributes: input.attributes,
      sku_variants: input.skuVariants,
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
    if (input.productId) await store(input.productId, result, input.actor);
    return result;
  };
}
