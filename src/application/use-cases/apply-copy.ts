import { conflict } from '../../domain/common/errors.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { HASHTAG_ATTRIBUTE_ID } from '../../domain/publishing/hashtags.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/catalog/product-stage.ts';
import { assertVersion, loadProduct, saveRevision } from '../product-access.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';

export type ApplyCopyDeps = { readonly products: ProductRepository; readonly clock: Clock };
export type ApplyCopyInput = {
  readonly productId: string;
  /** The `If-Match` version; undefined applies to whatever version is stored. */
  readonly expectedVersion: number | undefined;
  /** Who applies it; absent: no one is named its last editor. */
  readonly actor?: Actor | undefined;
};
export type ApplyCopy = (input: ApplyCopyInput) => Promise<Product>;

/**
 * POST /products/{id}/copy/apply: the user's confirmation. Copies `copy.title_ru` and `copy.description_ru`
 * into `name` and `description` (sent as attribute 4191) and `copy.hashtags` into the hashtag attribute 23171,
 * as an edit would (version + 1; collected → editing; ready → editing). The Chinese parallel text stays in `copy`.
 */
export function makeApplyCopy(deps: ApplyCopyDeps): ApplyCopy {
  return async ({ productId, expectedVersion, actor }) => {
    const product = await loadProduct(deps.products, productId);
    assertEditable(product);
    assertVersion(product, expectedVersion);
    const { title_ru: name, description_ru: description } = product.copy;
    if (typeof name !== 'string' || !name.trim() || typeof description !== 'string' || !description.trim()) {
      throw conflict('NO_GENERATED_COPY', '商品还没有生成的俄文文案，请先生成');
    }
    const hashtags = typeof product.copy.hashtags === 'string' ? product.copy.hashtags.trim() : '';
    const key = String(HASHTAG_ATTRIBUTE_ID);
    const attributes: JsonObject = hashtags ? { ...product.attributes, [key]: [{ value: hashtags }] } : product.attributes;
    const changed = name !== product.name || description !== product.description || JSON.stringify(attributes[key]) !== JSON.stringify(product.attributes[key]);
    const now = deps.clock.now().toISOString();
    const next = attributed(revise(product, { name, description, attributes, stage: stageAfterEdit(product.stage, changed) }, now), actor);
    await saveRevision(deps.products, next, product.version);
    return next;
  };
}
