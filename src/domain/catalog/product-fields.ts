import { type JsonObject } from '../common/json.ts';
import { type Platform } from '../common/platform.ts';
import { PRICE_CURRENCIES } from '../pricing/pricing.ts';
import { MAX_SALE_STOCK } from '../stock/stock.ts';
import { type Variant } from '../variants/variant.ts';
import { type ProductSource, type PublishMode, type Stage } from './product-values.ts';

/**
 * How a field is kept in its `products` column (the persistence adapter holds the conversions):
 * - `plain`: as is;
 * - `json`: as JSON text;
 * - `json-or-null`: as JSON text, or null while unset;
 * - `platform`: the source platform, '' for a product made by hand (the column predates them and is NOT NULL);
 * - `stamped`: written by the repository from the acting user, never from the product.
 */
export type FieldStorage = 'plain' | 'json' | 'json-or-null' | 'platform' | 'stamped';

/**
 * What a field holds. Its TypeScript type is `FieldTypes[type]` (null added when `nullable`); the HTTP adapter
 * maps the same names to its answer and body schemas (src/adapters/http/schemas/product-field-schemas.ts).
 */
type FieldTypes = {
  id: string;
  stage: Stage;
  /** A whole number counted by the service (the version). */
  count: number;
  text: string;
  number: number;
  integer: number;
  /** An image address (ours, `/media/…`, or a public http(s) URL). */
  image: string;
  images: readonly string[];
  /** A page address, http(s) or empty. */
  url: string;
  platform: Platform;
  sources: readonly ProductSource[];
  timestamp: string;
  /** A free-form JSON object. */
  group: JsonObject;
  variants: readonly Variant[];
  publishMode: PublishMode;
};
export type FieldType = keyof FieldTypes;

/** What a request body may hold: the longest text (or address), the range of a number, the choices, the most items. */
export type FieldLimits = {
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  readonly of?: readonly string[];
  readonly maxItems?: number;
};

/** One field of a product and everything that is said about it elsewhere. */
export type ProductFieldSpec = {
  readonly field: string;
  readonly type: FieldType;
  /** Null while unset. */
  readonly nullable?: true;
  /** Answered as in effect, never null (the images: the chosen ones, else those of the stored assets). */
  readonly resolved?: true;
  /** What a new product starts with (docs/decisions.md, Products and stages); none for what its creator gives or the clock stamps. */
  readonly initial?: string | number | null | readonly [] | Readonly<Record<string, never>>;
  /** Absent on products from before it existed (answered when known). */
  readonly optional?: true;
  readonly stored: FieldStorage;
  /** A user sets it by replacing it (POST and PATCH); the variants have their own edit instead. */
  readonly settable?: true;
  /** Only a creating POST sets it. */
  readonly onCreate?: true;
  /** A group a PATCH merges as a JSON Merge Patch (RFC 7396). */
  readonly merged?: true;
  /** Accepted in a body and ignored: the server computes it (clients that echo a whole product send it). */
  readonly computed?: true;
  /** What a body may hold of it (settable, merged or create-only fields). */
  readonly limits?: FieldLimits;
  /** Said of it in the API document (Chinese, as the page's people read it). */
  readonly about?: string;
  /** Read by the exports (the CSV sheets and their keyset), so read from the database for them. */
  readonly exported?: true;
  /** Its products.csv column: the place in the contract's order, its header and its label for people when not the field's. */
  readonly csv?: {
    readonly at: number;
    readonly header?: string;
    readonly label?: string;
    /** Printed only when `fields` names it: not among the contract's 23 columns (and costly to read on every export). */
    readonly onRequest?: true;
  };
  /** Its Chinese name in 422 messages and on the page; none for a field no request carries. */
  readonly label?: string;
};

const MEASURE = { min: 0, max: 1_000_000 } as const;
const PAGE_ADDRESS = { maxLength: 4096 } as const;

/**
 * Every field of a product, in the column order of `products`: the one list the Product type, the stored rows,
 * the HTTP schemas, the exports, the allowed changes and the labels are derived from (adding a field: this list
 * and a migration).
 */
export const PRODUCT_FIELD_LIST = [
  { field: 'id', type: 'id', stored: 'plain', exported: true, label: '编号' },
  { field: 'stage', type: 'stage', stored: 'plain', exported: true, csv: { at: 20 }, label: '阶段' },
  // Incremented on every write; `If-Match` compares against it.
  { field: 'version', type: 'count', initial: 1, stored: 'plain', about: '每次写入加一；PATCH 用 If-Match 传回', label: '版本号' },
  { field: 'name', type: 'text', initial: '', stored: 'plain', settable: true, limits: { maxLength: 500 }, exported: true, csv: { at: 2 }, label: '商品名称' },
  {
    field: 'description',
    type: 'text',
    initial: '',
    stored: 'plain',
    settable: true,
    limits: { maxLength: 30_000 },
    csv: { at: 23, onRequest: true },
    label: '商品描述',
  },
  { field: 'offer_id', type: 'text', initial: '', stored: 'plain', settable: true, limits: { maxLength: 200 }, exported: true, csv: { at: 0 }, label: '货号' },
  // Always computed by the pricing policy.
  {
    field: 'price',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    computed: true,
    exported: true,
    csv: { at: 4, label: '售价（₽）' },
    label: '售价',
  },
  {
    field: 'old_price',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    computed: true,
    exported: true,
    csv: { at: 5, label: '划线价（₽）' },
    label: '划线价',
  },
  {
    field: 'currency_code',
    type: 'text',
    initial: 'RUB',
    stored: 'plain',
    settable: true,
    limits: { of: PRICE_CURRENCIES },
    exported: true,
    csv: { at: 6 },
    label: '币种',
  },
  { field: 'vat', type: 'text', initial: '0', stored: 'plain', settable: true, limits: { maxLength: 8 }, exported: true, csv: { at: 7 }, label: '增值税率' },
  {
    field: 'weight',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: MEASURE,
    exported: true,
    csv: { at: 8 },
    label: '重量',
  },
  {
    field: 'weight_unit',
    type: 'text',
    initial: 'g',
    stored: 'plain',
    settable: true,
    limits: { of: ['g', 'kg', 'lb'] },
    exported: true,
    csv: { at: 9 },
    label: '重量单位',
  },
  {
    field: 'depth',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: MEASURE,
    exported: true,
    csv: { at: 10 },
    label: '长度',
  },
  {
    field: 'width',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: MEASURE,
    exported: true,
    csv: { at: 11 },
    label: '宽度',
  },
  {
    field: 'height',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: MEASURE,
    exported: true,
    csv: { at: 12 },
    label: '高度',
  },
  {
    field: 'dimension_unit',
    type: 'text',
    initial: 'mm',
    stored: 'plain',
    settable: true,
    limits: { of: ['mm', 'cm', 'in'] },
    exported: true,
    csv: { at: 13 },
    label: '尺寸单位',
  },
  {
    field: 'barcode',
    type: 'text',
    initial: '',
    stored: 'plain',
    settable: true,
    limits: { maxLength: 100 },
    exported: true,
    csv: { at: 14 },
    label: '条形码',
  },
  {
    field: 'description_category_id',
    type: 'integer',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: { min: 0 },
    exported: true,
    csv: { at: 3 },
    label: '类目',
  },
  { field: 'type_id', type: 'integer', nullable: true, initial: null, stored: 'plain', settable: true, limits: { min: 0 }, label: '商品类型' },
  // Chosen images; null while the user has not chosen, so they are derived from stored assets.
  {
    field: 'primary_image',
    type: 'image',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: PAGE_ADDRESS,
    exported: true,
    csv: { at: 15 },
    label: '主图',
  },
  {
    field: 'images',
    type: 'images',
    nullable: true,
    resolved: true,
    initial: null,
    stored: 'json-or-null',
    settable: true,
    limits: { ...PAGE_ADDRESS, maxItems: 30 },
    exported: true,
    csv: { at: 16 },
    label: '图片',
  },
  // null for a product created by hand.
  { field: 'source_platform', type: 'platform', nullable: true, stored: 'platform', onCreate: true, exported: true, csv: { at: 17 }, label: '来源平台' },
  {
    field: 'source_item_id',
    type: 'text',
    initial: '',
    stored: 'plain',
    settable: true,
    limits: { maxLength: 200 },
    exported: true,
    csv: { at: 18 },
    label: '来源商品编号',
  },
  {
    field: 'source_url',
    type: 'url',
    initial: '',
    stored: 'plain',
    settable: true,
    limits: PAGE_ADDRESS,
    about: '来源页面的 http(s) 地址',
    exported: true,
    csv: { at: 19 },
    label: '来源链接',
  },
  { field: 'sources', type: 'sources', initial: [], stored: 'json' },
  {
    field: 'marketplace_product_id',
    type: 'text',
    nullable: true,
    initial: null,
    stored: 'plain',
    exported: true,
    csv: { at: 1, header: 'product_id', label: '商品编号' },
  },
  { field: 'published_at', type: 'timestamp', nullable: true, initial: null, stored: 'plain', exported: true, csv: { at: 21, label: '发布时间' } },
  // The exchange rate snapshotted when the price was computed.
  { field: 'fx_rate', type: 'number', nullable: true, initial: null, stored: 'plain', exported: true, label: '汇率' },
  // The groups: collected texts, pricing inputs and result, generated copy, marketplace attributes keyed by attribute id.
  { field: 'raw', type: 'group', initial: {}, stored: 'json', merged: true, label: '采集信息' },
  { field: 'pricing', type: 'group', initial: {}, stored: 'json', merged: true, label: '定价' },
  { field: 'copy', type: 'group', initial: {}, stored: 'json', merged: true, label: '文案' },
  { field: 'attributes', type: 'group', initial: {}, stored: 'json', merged: true, csv: { at: 24, onRequest: true, label: '平台属性（JSON）' }, label: '属性' },
  { field: 'complex_attributes', type: 'group', initial: {}, stored: 'json', merged: true, label: '复合属性' },
  // Colours or sizes published as separate items merged on one card (docs/decisions.md, Variants); empty for a single item.
  {
    field: 'variants',
    type: 'variants',
    initial: [],
    stored: 'json',
    about: '款式（颜色、尺码）：每个启用的款式作为一个平台商品发布，合并到一张卡片',
    label: '款式',
  },
  { field: 'created_at', type: 'timestamp', stored: 'plain', exported: true, csv: { at: 22, label: '创建时间' } },
  { field: 'updated_at', type: 'timestamp', stored: 'plain', exported: true },
  // Who made and who last changed it (user name, `app-token`); stamped by the repository.
  { field: 'created_by', type: 'text', nullable: true, optional: true, stored: 'stamped', about: '创建人（用户名；应用令牌为 app-token）' },
  { field: 'updated_by', type: 'text', nullable: true, optional: true, stored: 'stamped', about: '最后修改人' },
  // The quantity offered for sale when it has no variants (docs/decisions.md, Stock); null = the shop's default stock.
  {
    field: 'sale_stock',
    type: 'integer',
    nullable: true,
    initial: null,
    stored: 'plain',
    settable: true,
    limits: { min: 0, max: MAX_SALE_STOCK },
    about: '无款式商品的销售库存：0 到 999999 的整数；null 使用店铺默认库存',
    label: '销售库存',
  },
  // docs/decisions.md, Follow-selling: a copy of the marketplace card it was collected from, or a full card of its own.
  {
    field: 'publish_mode',
    type: 'publishMode',
    initial: 'create',
    stored: 'plain',
    settable: true,
    about: '发布方式：copy 跟卖平台上已有的卡片（按 SKU 复制），create 创建完整的新卡片',
    label: '发布方式',
  },
  // The price the marketplace page showed when collected (roubles); null when it did not parse or the product has no marketplace page.
  {
    field: 'market_price_rub',
    type: 'number',
    nullable: true,
    initial: null,
    stored: 'plain',
    about: '采集时平台页面的售价（卢布）；无法识别时为 null',
    label: '平台售价',
  },
] as const satisfies readonly ProductFieldSpec[];

type Listed = (typeof PRODUCT_FIELD_LIST)[number];
type ValueOf<S extends Listed> = FieldTypes[S['type']] | (S extends { nullable: true } ? null : never);

/** A product as the domain sees it: one readonly property per listed field, typed by the list. */
export type Product = { readonly [S in Exclude<Listed, { optional: true }> as S['field']]: ValueOf<S> } & {
  readonly [S in Extract<Listed, { optional: true }> as S['field']]?: ValueOf<S>;
};

type Initialized = Extract<Listed, { initial: unknown }>['field'];
/** What a creator always gives (`newProduct`), or the clock stamps, or the repository stamps. */
type GivenAtCreation = 'id' | 'stage' | 'source_platform' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by';
// Fails to compile when a field has neither a starting value nor a place among the given ones.
const everyFieldStarts: Exclude<keyof Product, Initialized | GivenAtCreation> extends never ? true : never = true;
void everyFieldStarts;

/** The starting values a field list gives (fresh arrays and objects each time). */
export const initialFieldsOf = (list: readonly ProductFieldSpec[]): Record<string, unknown> =>
  Object.fromEntries(
    list.flatMap((spec) => {
      if (spec.initial === undefined) return [];
      const fresh = spec.initial !== null && typeof spec.initial === 'object' ? (Array.isArray(spec.initial) ? [] : {}) : spec.initial;
      return [[spec.field, fresh]];
    }),
  );

/** A new product's starting values, from the list's `initial`s (checked above to cover every field a creator may leave out). */
export const initialFields = (): Pick<Product, Initialized> => initialFieldsOf(PRODUCT_FIELD_LIST) as Pick<Product, Initialized>;

/** The groups a PATCH merges. */
export type ProductGroup = Extract<Listed, { merged: true }>['field'];
export const PRODUCT_GROUPS: readonly ProductGroup[] = PRODUCT_FIELD_LIST.flatMap((spec) => ('merged' in spec ? [spec.field] : []));

/** The flat fields a user may set (POST and PATCH); price, old_price and fx_rate are always computed. */
export type EditableField = Extract<Listed, { settable: true }>['field'];
/** Fields a body may carry that the server computes (ignored). */
export type ComputedField = Extract<Listed, { computed: true }>['field'];
/** Fields only a creating POST sets. */
export type OnCreateField = Extract<Listed, { onCreate: true }>['field'];
/** The fields the exports read. */
export type ExportedField = Extract<Listed, { exported: true }>['field'];

type CsvListed = Extract<Listed, { csv: object }>;
type ColumnOf<S> = S extends { csv: { header: infer H } } ? H : S extends { field: infer F } ? F : never;
/** A products.csv column of the contract's 23: its header is the field's name unless the list says otherwise. */
export type ProductCsvColumn = ColumnOf<Exclude<CsvListed, { csv: { onRequest: true } }>>;
/** A products.csv column printed only when `fields` names it (the description, the attributes). */
export type OnRequestCsvColumn = ColumnOf<Extract<CsvListed, { csv: { onRequest: true } }>>;

/** One products.csv column: its header (the field's name unless the list says otherwise) and the field it prints. */
export type CsvColumnOfField = { readonly column: string; readonly spec: ProductFieldSpec };

/** The products.csv columns of a field list in the contract's order (`at`): the default ones, or with `all` also those printed on request. */
export const csvColumnsOf = (list: readonly ProductFieldSpec[], all = false): CsvColumnOfField[] =>
  list
    .flatMap((spec) => (spec.csv && (all || !spec.csv.onRequest) ? [{ column: spec.csv.header ?? spec.field, spec, at: spec.csv.at }] : []))
    .sort((a, b) => a.at - b.at)
    .map(({ column, spec }) => ({ column, spec }));

/** The fields of a field list a user may set (the allowed changes of a PATCH). */
export const editableFieldsOf = (list: readonly ProductFieldSpec[]): string[] => list.flatMap((spec) => (spec.settable ? [spec.field] : []));

export const EDITABLE_FIELDS = editableFieldsOf(PRODUCT_FIELD_LIST) as readonly EditableField[];

export const EXPORTED_FIELDS: readonly ExportedField[] = PRODUCT_FIELD_LIST.flatMap((spec) => ('exported' in spec ? [spec.field] : []));

const csvColumns = csvColumnsOf(PRODUCT_FIELD_LIST);
const everyCsvColumn = csvColumnsOf(PRODUCT_FIELD_LIST, true);

/** products.csv's columns in the contract's order (`at`). */
export const CSV_COLUMNS_OF_FIELDS = csvColumns.map(({ column }) => column) as readonly ProductCsvColumn[];
/** The columns products.csv prints only when asked for, in their order. */
export const ON_REQUEST_CSV_COLUMNS_OF_FIELDS = everyCsvColumn
  .filter(({ spec }) => spec.csv?.onRequest)
  .map(({ column }) => column) as readonly OnRequestCsvColumn[];

/** products.csv's columns' names for people (the page's picker and the Chinese header row), in the column order, the on-request ones last. */
export const CSV_LABELS_OF_FIELDS = Object.fromEntries(everyCsvColumn.map(({ column, spec }) => [column, spec.csv?.label ?? spec.label ?? column])) as Readonly<
  Record<ProductCsvColumn | OnRequestCsvColumn, string>
>;

/** The Chinese names of the labelled fields, in the list's order. */
export const PRODUCT_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PRODUCT_FIELD_LIST.flatMap((spec) => ('label' in spec ? [[spec.field, spec.label]] : [])),
);
