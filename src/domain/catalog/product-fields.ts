import type { Product } from './product.ts';

/**
 * How a field is kept in its `products` column (the persistence adapter holds the conversions):
 * - `plain`: as is;
 * - `json`: as JSON text;
 * - `json-or-null`: as JSON text, or null while unset;
 * - `platform`: the source platform, '' for a product made by hand (the column predates them and is NOT NULL);
 * - `stamped`: written by the repository from the acting user, never from the product.
 */
export type FieldStorage = 'plain' | 'json' | 'json-or-null' | 'platform' | 'stamped';

/** One field of a product and everything that is said about it elsewhere. */
export type ProductFieldSpec = {
  readonly field: keyof Product;
  readonly stored: FieldStorage;
  /** A user sets it by replacing it (POST and PATCH); the groups merge and the variants have their own edit instead. */
  readonly settable?: true;
  /** Read by the exports (the CSV sheets and their keyset), so read from the database for them. */
  readonly exported?: true;
  /** Its products.csv column: the place in the contract's order, its header and its label for people when not the field's. */
  readonly csv?: { readonly at: number; readonly header?: string; readonly label?: string };
  /** Its Chinese name in 422 messages and on the page; none for a field no request carries. */
  readonly label?: string;
};

/**
 * Every field of a product, in the column order of `products`: the one list the stored rows, the exports, the
 * allowed changes and the labels are derived from (adding a field: this list and a migration).
 */
export const PRODUCT_FIELD_LIST = [
  { field: 'id', stored: 'plain', exported: true, label: '编号' },
  { field: 'stage', stored: 'plain', exported: true, csv: { at: 20 }, label: '阶段' },
  { field: 'version', stored: 'plain', label: '版本号' },
  { field: 'name', stored: 'plain', settable: true, exported: true, csv: { at: 2 }, label: '商品名称' },
  { field: 'description', stored: 'plain', settable: true, label: '商品描述' },
  { field: 'offer_id', stored: 'plain', settable: true, exported: true, csv: { at: 0 }, label: '货号' },
  { field: 'price', stored: 'plain', exported: true, csv: { at: 4, label: '售价（₽）' }, label: '售价' },
  { field: 'old_price', stored: 'plain', exported: true, csv: { at: 5, label: '划线价（₽）' }, label: '划线价' },
  { field: 'currency_code', stored: 'plain', settable: true, exported: true, csv: { at: 6 }, label: '币种' },
  { field: 'vat', stored: 'plain', settable: true, exported: true, csv: { at: 7 }, label: '增值税率' },
  { field: 'weight', stored: 'plain', settable: true, exported: true, csv: { at: 8 }, label: '重量' },
  { field: 'weight_unit', stored: 'plain', settable: true, exported: true, csv: { at: 9 }, label: '重量单位' },
  { field: 'depth', stored: 'plain', settable: true, exported: true, csv: { at: 10 }, label: '长度' },
  { field: 'width', stored: 'plain', settable: true, exported: true, csv: { at: 11 }, label: '宽度' },
  { field: 'height', stored: 'plain', settable: true, exported: true, csv: { at: 12 }, label: '高度' },
  { field: 'dimension_unit', stored: 'plain', settable: true, exported: true, csv: { at: 13 }, label: '尺寸单位' },
  { field: 'barcode', stored: 'plain', settable: true, exported: true, csv: { at: 14 }, label: '条形码' },
  { field: 'description_category_id', stored: 'plain', settable: true, exported: true, csv: { at: 3 }, label: '类目' },
  { field: 'type_id', stored: 'plain', settable: true, label: '商品类型' },
  { field: 'primary_image', stored: 'plain', settable: true, exported: true, csv: { at: 15 }, label: '主图' },
  { field: 'images', stored: 'json-or-null', settable: true, exported: true, csv: { at: 16 }, label: '图片' },
  { field: 'source_platform', stored: 'platform', exported: true, csv: { at: 17 }, label: '来源平台' },
  { field: 'source_item_id', stored: 'plain', settable: true, exported: true, csv: { at: 18 }, label: '来源商品编号' },
  { field: 'source_url', stored: 'plain', settable: true, exported: true, csv: { at: 19 }, label: '来源链接' },
  { field: 'sources', stored: 'json' },
  { field: 'marketplace_product_id', stored: 'plain', exported: true, csv: { at: 1, header: 'product_id', label: '商品编号' } },
  { field: 'published_at', stored: 'plain', exported: true, csv: { at: 21, label: '发布时间' } },
  { field: 'fx_rate', stored: 'plain', exported: true, label: '汇率' },
  { field: 'raw', stored: 'json', label: '采集信息' },
  { field: 'pricing', stored: 'json', label: '定价' },
  { field: 'copy', stored: 'json', label: '文案' },
  { field: 'attributes', stored: 'json', label: '属性' },
  { field: 'complex_attributes', stored: 'json', label: '复合属性' },
  { field: 'variants', stored: 'json', label: '款式' },
  { field: 'created_at', stored: 'plain', exported: true, csv: { at: 22, label: '创建时间' } },
  { field: 'updated_at', stored: 'plain', exported: true },
  { field: 'created_by', stored: 'stamped' },
  { field: 'updated_by', stored: 'stamped' },
  { field: 'sale_stock', stored: 'plain', settable: true, label: '销售库存' },
] as const satisfies readonly ProductFieldSpec[];

type Listed = (typeof PRODUCT_FIELD_LIST)[number];
// Fails to compile when the Product type gains a field this list does not name.
const everyFieldListed: Exclude<keyof Product, Listed['field']> extends never ? true : never = true;
void everyFieldListed;

/** The flat fields a user may set (POST and PATCH); price, old_price and fx_rate are always computed. */
export type EditableField = Extract<Listed, { settable: true }>['field'];
/** The fields the exports read. */
export type ExportedField = Extract<Listed, { exported: true }>['field'];

type CsvListed = Extract<Listed, { csv: object }>;
/** A products.csv column: its header is the field's name unless the list says otherwise. */
export type ProductCsvColumn = CsvListed extends infer S ? (S extends { csv: { header: infer H } } ? H : S extends { field: infer F } ? F : never) : never;

const hasCsv = (spec: Listed): spec is CsvListed => 'csv' in spec;
const csvFields: readonly CsvListed[] = PRODUCT_FIELD_LIST.filter(hasCsv).sort((a, b) => a.csv.at - b.csv.at);
const csvHeaderOf = (spec: CsvListed): ProductCsvColumn => ('header' in spec.csv ? spec.csv.header : spec.field) as ProductCsvColumn;

export const EDITABLE_FIELDS: readonly EditableField[] = PRODUCT_FIELD_LIST.flatMap((spec) => ('settable' in spec ? [spec.field] : []));

export const EXPORTED_FIELDS: readonly ExportedField[] = PRODUCT_FIELD_LIST.flatMap((spec) => ('exported' in spec ? [spec.field] : []));

/** products.csv's columns in the contract's order (`at`). */
export const CSV_COLUMNS_OF_FIELDS: readonly ProductCsvColumn[] = csvFields.map(csvHeaderOf);

/** products.csv's columns' names for people, in the column order. */
export const CSV_LABELS_OF_FIELDS: Readonly<Record<ProductCsvColumn, string>> = Object.fromEntries(
  csvFields.map((spec) => [csvHeaderOf(spec), 'label' in spec.csv ? spec.csv.label : (spec as { label?: string }).label]),
) as Record<ProductCsvColumn, string>;

/** The Chinese names of the labelled fields, in the list's order. */
export const PRODUCT_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PRODUCT_FIELD_LIST.flatMap((spec) => ('label' in spec ? [[spec.field, spec.label]] : [])),
);
