import { type Insertable, type Selectable } from 'kysely';
import { type JsonObject } from '../../domain/json.ts';
import { type Platform } from '../../domain/platform.ts';
import { type Product, type ProductSource, type Stage } from '../../domain/product.ts';
import { type Variant } from '../../domain/variant.ts';
import { type ProductTable } from './database.ts';
import { searchTextOf } from './search-text.ts';

/** Products created by hand have no source platform: stored as '' (the column predates them and is NOT NULL). */
export const MANUAL_PLATFORM = '';

const parseObject = (text: string): JsonObject => JSON.parse(text) as JsonObject;

/** Every column of `products`, in the order of the fixed insert text (kysely-product-repository.ts). */
export const PRODUCT_COLUMNS = [
  'id',
  'stage',
  'version',
  'name',
  'description',
  'offer_id',
  'price',
  'old_price',
  'currency_code',
  'vat',
  'weight',
  'weight_unit',
  'depth',
  'width',
  'height',
  'dimension_unit',
  'barcode',
  'description_category_id',
  'type_id',
  'primary_image',
  'images',
  'source_platform',
  'source_item_id',
  'source_url',
  'sources',
  'marketplace_product_id',
  'published_at',
  'fx_rate',
  'raw',
  'pricing',
  'copy',
  'attributes',
  'complex_attributes',
  'variants',
  'search_text',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const satisfies readonly (keyof ProductTable)[];
// Fails to compile when a column is added to the table but not to the list above.
const everyColumnListed: Exclude<keyof ProductTable, (typeof PRODUCT_COLUMNS)[number]> extends never ? true : never = true;
void everyColumnListed;

export function productToRow(product: Product): Insertable<ProductTable> {
  return {
    id: product.id,
    stage: product.stage,
    version: product.version,
    name: product.name,
    description: product.description,
    offer_id: product.offer_id,
    price: product.price,
    old_price: product.old_price,
    currency_code: product.currency_code,
    vat: product.vat,
    weight: product.weight,
    weight_unit: product.weight_unit,
    depth: product.depth,
    width: product.width,
    height: product.height,
    dimension_unit: product.dimension_unit,
    barcode: product.barcode,
    description_category_id: product.description_category_id,
    type_id: product.type_id,
    primary_image: product.primary_image,
    images: product.images === null ? null : JSON.stringify(product.images),
    source_platform: product.source_platform ?? MANUAL_PLATFORM,
    source_item_id: product.source_item_id,
    source_url: product.source_url,
    sources: JSON.stringify(product.sources),
    marketplace_product_id: product.marketplace_product_id,
    published_at: product.published_at,
    fx_rate: product.fx_rate,
    raw: JSON.stringify(product.raw),
    pricing: JSON.stringify(product.pricing),
    copy: JSON.stringify(product.copy),
    attributes: JSON.stringify(product.attributes),
    complex_attributes: JSON.stringify(product.complex_attributes),
    variants: JSON.stringify(product.variants),
    search_text: searchTextOf(product),
    created_at: product.created_at,
    updated_at: product.updated_at,
  };
}

export function rowToProduct(row: Selectable<ProductTable>): Product {
  return {
    id: row.id,
    stage: row.stage as Stage,
    version: row.version,
    name: row.name,
    description: row.description,
    offer_id: row.offer_id,
    price: row.price,
    old_price: row.old_price,
    currency_code: row.currency_code,
    vat: row.vat,
    weight: row.weight,
    weight_unit: row.weight_unit,
    depth: row.depth,
    width: row.width,
    height: row.height,
    dimension_unit: row.dimension_unit,
    barcode: row.barcode,
    description_category_id: row.description_category_id,
    type_id: row.type_id,
    primary_image: row.primary_image,
    images: row.images === null ? null : (JSON.parse(row.images) as string[]),
    source_platform: row.source_platform === MANUAL_PLATFORM ? null : (row.source_platform as Platform),
    source_item_id: row.source_item_id,
    source_url: row.source_url,
    sources: JSON.parse(row.sources) as ProductSource[],
    marketplace_product_id: row.marketplace_product_id,
    published_at: row.published_at,
    fx_rate: row.fx_rate,
    raw: parseObject(row.raw),
    pricing: parseObject(row.pricing),
    copy: parseObject(row.copy),
    attributes: parseObject(row.attributes),
    complex_attributes: parseObject(row.complex_attributes),
    variants: JSON.parse(row.variants) as Variant[],
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
