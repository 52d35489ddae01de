/**
 * Column lists of the CSV exports: contract literals shared by the server's exports and the web page's column
 * chooser (the page bundles this file).
 */

/** The columns of products.csv, in the spec's order (spec §4.11). */
export const PRODUCT_CSV_COLUMNS = [
  'offer_id',
  'product_id',
  'name',
  'description_category_id',
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
  'primary_image',
  'images',
  'source_platform',
  'source_item_id',
  'source_url',
  'stage',
  'published_at',
  'created_at',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The trial (pricing) sheet's columns (DECISIONS §8). */
export const TRIAL_CSV_COLUMNS = [
  'product_id',
  'offer_id',
  'name',
  'source_platform',
  'source_url',
  'stage',
  'cost_cny',
  'weight_g',
  'fx_rate',
  'tier',
  'logistics_cny',
  'price_rub',
  'old_price_rub',
  'profit_rub',
  'reserve_discount_percent',
  'updated_at',
] as const;
