import { invalid } from '../common/errors.ts';
import { initialFields, type Product } from './product-fields.ts';

export { STAGES, type Stage, isStage, type ProductSource } from './product-values.ts';
export { type Product, type ProductGroup, PRODUCT_GROUPS } from './product-fields.ts';

export type NewProductFields = Pick<Product, 'id' | 'stage' | 'source_platform'> &
  Partial<Omit<Product, 'id' | 'stage' | 'version' | 'created_at' | 'updated_at'>>;

/**
 * Builds a complete product from the fields a creator knows; the rest start as the product field list says
 * (docs/decisions.md, Products and stages). `now` is passed in to keep the domain pure.
 */
export function newProduct(fields: NewProductFields, now: string): Product {
  return { ...initialFields(), created_at: now, updated_at: now, ...fields };
}

/** A product always has a name a person can read: an empty or blank one is refused (docs/decisions.md, Products and stages). */
export function assertNamed(name: string): void {
  if (name.trim() === '') throw invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', [{ path: '/name', message: '商品名称不能为空' }]);
}
