import { DomainError, conflict, notFound } from '../../domain/errors.ts';
import { HASHTAG_ATTRIBUTE_ID } from '../../domain/hashtags.ts';
import { type JsonObject } from '../../domain/json.ts';
import { type Product } from '../../domain/product.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/product-stage.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';

/**
 * POST /products/{id}/copy/apply: the user's confirmation. Copies `copy.title_ru` and `copy.description_ru`
 * into `name` and `description` (sent as attribute 4191) and `copy.hashtags` into the hashtag attribute 23171,
 * as an edit would (version + 1; collected → editing; ready → editing). The Chinese parallel text stays in `copy`.
 */
export function makeApplyCopy(deps: { products: ProductRepository; clock: Clock }) {
  return async (input: { product_id: string; expected_version: number | null }): Promise<Product> => {
    const product = await deps.products.findById(input.product_id);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
    assertEditable(product);
    if (input.expected_version !== null && input.expected_version !== product.version) {
      throw new DomainError('precondition_failed', 'VERSION_MISMATCH', '商品已被修改，请刷新后重试');
    }
    const { title_ru: name, description_ru: description } = product.copy;
    if (typeof name !== 'string' || !name.trim() || typeof description !== 'string' || !description.trim()) {
      throw conflict('NO_GENERATED_COPY', '商品还没有生成的俄文文案，请先生成');
    }
    const hashtags = typeof product.copy.hashtags === 'string' ? product.copy.hashtags.trim() : '';
    const key = String(HASHTAG_ATTRIBUTE_ID);
    const attributes: JsonObject = hashtags ? { ...product.attributes, [key]: [{ value: hashtags }] } : product.attributes;
    const changed = name !== product.name || description !== product.description || JSON.stringify(attributes[key]) !== JSON.stringify(product.attributes[key]);
    const now = deps.clock.now().toISOString();
    const next = revise(product, { name, description, attributes, stage: stageAfterEdit(product.stage, changed) }, now);
    if (!(await deps.products.update(next, product.version))) {
      throw new DomainError('precondition_failed', 'VERSION_MISMATCH', '商品已被修改，请刷新后重试');
    }
    return next;
  };
}
