import { invalid } from '../common/errors.ts';
import { type JsonObject } from '../common/json.ts';
import { type Platform } from '../common/platform.ts';
import { type Variant } from '../variants/variant.ts';

export const STAGES = ['collected', 'editing', 'ready', 'published', 'archived'] as const;
export type Stage = (typeof STAGES)[number];

export const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/** The free-form groups of a product; a PATCH merges each as a JSON Merge Patch. */
export const PRODUCT_GROUPS = ['raw', 'pricing', 'copy', 'attributes', 'complex_attributes'] as const;
export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

/** Where a product's material came from; a product collected on two sites has two. */
export type ProductSource = {
  readonly platform: Platform;
  readonly item_id: string;
  readonly url: string;
};

/**
 * A product as the domain sees it. Flat fields are what the marketplace and the CSV export read; the groups
 * hold collected texts (`raw`), pricing inputs and result (`pricing`), generated copy (`copy`) and the
 * marketplace attributes keyed by attribute id.
 */
export type Product = {
  readonly id: string;
  readonly stage: Stage;
  /** Incremented on every write; `If-Match` compares against it. */
  readonly version: number;
  readonly name: string;
  readonly description: string;
  readonly offer_id: string;
  readonly price: number | null;
  readonly old_price: number | null;
  readonly currency_code: string;
  readonly vat: string;
  readonly weight: number | null;
  readonly weight_unit: string;
  readonly depth: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly dimension_unit: string;
  readonly barcode: string;
  readonly description_category_id: number | null;
  readonly type_id: number | null;
  /** Chosen images; null while the user has not chosen, so they are derived from stored assets. */
  readonly primary_image: string | null;
  readonly images: readonly string[] | null;
  /** null for a product created by hand. */
  readonly source_platform: Platform | null;
  readonly source_item_id: string;
  readonly source_url: string;
  readonly sources: readonly ProductSource[];
  readonly marketplace_product_id: string | null;
  readonly published_at: string | null;
  /** The exchange rate snapshotted when the price was computed. */
  readonly fx_rate: number | null;
  readonly raw: JsonObject;
  readonly pricing: JsonObject;
  readonly copy: JsonObject;
  readonly attributes: JsonObject;
  readonly complex_attributes: JsonObject;
  /** Colours or sizes published as separate items merged on one card (docs/decisions.md, Variants); empty for a single item. */
  readonly variants: readonly Variant[];
  /** The quantity offered for sale when it has no variants (docs/decisions.md, Stock); null = the shop's default stock. */
  readonly sale_stock: number | null;
  readonly created_at: string;
  readonly updated_at: string;
  /** Who made and who last changed it (user name, `app-token`); stamped by the repository from the request. */
  readonly created_by?: string | null;
  readonly updated_by?: string | null;
};

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
