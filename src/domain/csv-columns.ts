/**
 * Column lists of the CSV exports: contract literals shared by the server's exports and the web page's column
 * chooser (the page bundles this file).
 */

/** The columns of products.csv, in the contract's order (docs/decisions.md, Exports). */
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

/** The columns of offers.csv (docs/decisions.md, Exports): products.csv's, with the variant's values, plus its label and the model name. */
export const OFFER_CSV_COLUMNS = [...PRODUCT_CSV_COLUMNS, 'variant_label', 'model_name'] as const;
export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number];

/** The trial (pricing) sheet's columns (docs/decisions.md, Exports). */
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

/**
 * Chinese names of the products.csv columns for people (the page's column picker and headings). The CSV's own
 * header row keeps the contract's names; money columns say their currency here (prices are in roubles).
 */
export const PRODUCT_CSV_LABELS: Readonly<Record<ProductCsvColumn, string>> = {
  offer_id: '货号',
  product_id: '商品编号',
  name: '商品名称',
  description_category_id: '类目',
  price: '售价（₽）',
  old_price: '划线价（₽）',
  currency_code: '币种',
  vat: '增值税率',
  weight: '重量',
  weight_unit: '重量单位',
  depth: '长度',
  width: '宽度',
  height: '高度',
  dimension_unit: '尺寸单位',
  barcode: '条形码',
  primary_image: '主图',
  images: '图片',
  source_platform: '来源平台',
  source_item_id: '来源商品编号',
  source_url: '来源链接',
  stage: '阶段',
  published_at: '发布时间',
  created_at: '创建时间',
};
