/**
 * Column lists of the CSV exports: contracts shared by the server's exports and the web page's column chooser (the
 * page bundles this file and the product field list it reads).
 */
import { CSV_COLUMNS_OF_FIELDS, CSV_LABELS_OF_FIELDS, type ProductCsvColumn } from './product-fields.ts';

/** The columns of products.csv, in the contract's order (docs/decisions.md, Exports): from the product field list. */
export const PRODUCT_CSV_COLUMNS = CSV_COLUMNS_OF_FIELDS;
export type { ProductCsvColumn };

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
export const PRODUCT_CSV_LABELS = CSV_LABELS_OF_FIELDS;
