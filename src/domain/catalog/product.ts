import { invalid } from '../common/errors.ts';
import { type Product } from './product-fields.ts';

export { STAGES, type Stage, isStage, type ProductSource } from './product-values.ts';
export { type Product, type ProductGroup, PRODUCT_GROUPS } from './product-fields.ts';

/** Defaults a new product starts with (docs/decisions.md, Products and stages). */
export const PRODUCT_DEFAULTS = {
  currency_code: 'RUB',
  vat: '0',
  weight_unit: 'g',
  dimension_unit: 'mm',
} as const;

export type NewProductFields = Pick<Product, 'id' | 'stage' | 'source_platform'> &
  Partial<Omit<Product, 'id' | 'stage' | 'version' | 'created_at' | 'updated_at'>>;

/** Builds a complete product from the fields a creator knows; `now` is passed in to keep the domain pure. */
export function newProduct(fields: NewProductFields, now: string): Product {
  return {
    version: 1,
    name: '',
    description: '',
    offer_id: '',
    price: null,
    old_price: null,
    ...PRODUCT_DEFAULTS,
    weight: null,
    depth: null,
    width: null,
    height: null,
    barcode: '',
    description_category_id: null,
    type_id: null,
    primary_image: null,
    images: null,
    source_item_id: '',
    source_url: '',
    sources: [],
    marketplace_product_id: null,
    published_at: null,
    fx_rate: null,
    raw: {},
    pricing: {},
    copy: {},
    attributes: {},
    complex_attributes: {},
    variants: [],
    sale_stock: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** A product always has a name a person can read: an empty or blank one is refused (docs/decisions.md, Products and stages). */
export function assertNamed(name: string): void {
  if (name.trim() === '') throw invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', [{ path: '/name', message: '商品名称不能为空' }]);
}
