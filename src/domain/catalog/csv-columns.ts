/**
 * Column lists of the CSV exports: contracts shared by the server's exports and the web page's column chooser (the
 * page bundles this file and the product field list it reads).
 */
import {
  CSV_COLUMNS_OF_FIELDS,
  CSV_LABELS_OF_FIELDS,
  ON_REQUEST_CSV_COLUMNS_OF_FIELDS,
  type OnRequestCsvColumn,
  type ProductCsvColumn,
} from './product-fields.ts';

/** The columns of products.csv, in the contract's order (docs/decisions.md, Exports): from the product field list. */
export const PRODUCT_CSV_COLUMNS = CSV_COLUMNS_OF_FIELDS;
export type { OnRequestCsvColumn, ProductCsvColumn };
/** The columns products.csv and offers.csv print only when `fields` names them: the description and the attributes (JSON keyed by attribute id). */
export const ON_REQUEST_CSV_COLUMNS = ON_REQUEST_CSV_COLUMNS_OF_FIELDS;
/** Every column `fields` may name on products.csv, in the order they are written. */
export const ALL_PRODUCT_CSV_COLUMNS: readonly (ProductCsvColumn | OnRequestCsvColumn)[] = [...PRODUCT_CSV_COLUMNS, ...ON_REQUEST_CSV_COLUMNS];

/** The columns of offers.csv (docs/decisions.md, Exports): products.csv's, with the variant's values, plus its label and the model name. */
export const OFFER_CSV_COLUMNS = [...PRODUCT_CSV_COLUMNS, 'variant_label', 'model_name'] as const;
export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number] | OnRequestCsvColumn;
/** Every column `fields` may name on offers.csv, in the order they are written. */
export const ALL_OFFER_CSV_COLUMNS: readonly OfferCsvColumn[] = [...OFFER_CSV_COLUMNS, ...ON_REQUEST_CSV_COLUMNS];

/** The header row's language (`lang`): the contract's keys (the API's default) or the Chinese names (the page's export). */
export const CSV_HEADER_LANGUAGES = ['keys', 'zh'] as const;
export type CsvHeaderLanguage = (typeof CSV_HEADER_LANGUAGES)[number];

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
 * Chinese names of the products.csv and offers.csv columns for people (the page's column picker, and the header row
 * with `lang=zh`); money columns say their currency (prices are in roubles).
 */
export const PRODUCT_CSV_LABELS = CSV_LABELS_OF_FIELDS;
export const OFFER_CSV_LABELS: Readonly<Record<OfferCsvColumn, string>> = { ...PRODUCT_CSV_LABELS, variant_label: '款式', model_name: '型号名称（9048）' };

/** The header row of the chosen columns in the chosen language. */
export const csvHeader = (columns: readonly OfferCsvColumn[], lang: CsvHeaderLanguage = 'keys'): string[] =>
  lang === 'zh' ? columns.map((column) => OFFER_CSV_LABELS[column]) : [...columns];
