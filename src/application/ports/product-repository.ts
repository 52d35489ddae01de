import { type PublishMode } from '../../domain/catalog/product-values.ts';
import { type Platform } from '../../domain/common/platform.ts';
import { type Product, type Stage } from '../../domain/catalog/product.ts';
import { type MarketState } from '../../domain/publishing/market-state.ts';
import { type PriceIndex } from '../../domain/pricing/market-prices.ts';

export const LIST_SORT_KEYS = ['updated_at', 'created_at', 'price', 'name', 'price_index', 'content_rating', 'real_margin'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];

/** Filters beyond stage and `q`; every one narrows. */
export type ProductListFilters = {
  /** A source platform (the first source's or an appended one's), or `manual` for products created by hand (no source platform). */
  readonly platform?: Platform | 'manual' | undefined;
  readonly hasFailedAssets?: boolean | undefined;
  /** Inclusive ISO-8601 lower bound of `updated_at`. */
  readonly updatedFrom?: string | undefined;
  /** Exclusive ISO-8601 upper bound of `updated_at`. */
  readonly updatedBefore?: string | undefined;
  /** Products whose most telling offer on the marketplace is in this state (docs/decisions.md, Moderation). */
  readonly marketState?: MarketState | undefined;
  /** Products whose worst offer has this price index (docs/decisions.md, Real margin). */
  readonly priceIndex?: PriceIndex | undefined;
  /** Products whose lowest content rating is at most this. */
  readonly contentRatingMax?: number | undefined;
  /** Products whose lowest real margin (percent) is below this. */
  readonly realMarginBelow?: number | undefined;
  /** Only products published this way (docs/decisions.md, Follow-selling). */
  readonly publishMode?: PublishMode | undefined;
};

export type ProductListQuery = ProductListFilters & {
  readonly stage?: Stage | undefined;
  /** Free text matched against name, offer_id, source item ids and source URLs. */
  readonly q?: string | undefined;
  /** Default newest-updated first. */
  readonly sort?: { readonly key: ListSortKey; readonly descending: boolean } | undefined;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  /** The total of matches when the caller knows it already (from `stageCounts`): a filtered list then skips its count. */
  readonly knownTotal?: number | undefined;
};

/** Matches per stage (archived included) for a query's `q` and filters, its stage left out. */
export type StageCounts = Record<Stage, number>;

export type AssetCount = { readonly main: number; readonly sku: number; readonly detail: number };

/** The product's own fields a list summary shows, in the order the list selects them (every adapter reads these). */
export const SUMMARY_PRODUCT_FIELDS = [
  'id',
  'stage',
  'name',
  'offer_id',
  'price',
  'currency_code',
  'source_platform',
  'source_url',
  'marketplace_product_id',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'publish_mode',
  'market_price_rub',
] as const satisfies readonly (keyof Product)[];

/** The list view of a product (GET /api/products items). */
export type ProductSummary = Pick<Product, (typeof SUMMARY_PRODUCT_FIELDS)[number]> & {
  readonly asset_count: AssetCount;
  readonly failed_assets: number;
  /** The first stored main image, else null. */
  readonly thumbnail_url: string | null;
  /** The most telling state of its offers on the marketplace; null before the sweep followed any. */
  readonly market_state: MarketState | null;
  /** The worst price index, lowest content rating and real margin of its offers, the planned margin beside it; null before read. */
  readonly price_index: PriceIndex | null;
  readonly content_rating: number | null;
  readonly real_margin_percent: number | null;
  readonly planned_margin_percent: number | null;
  /** An offer's real margin is below its shop's floor. */
  readonly below_margin_floor: boolean;
  /** The first title collected on 1688 or Taobao (the seller's own words beside a Russian name), else null. */
  readonly collected_title: string | null;
  /** The cards publishing it sends, each one of the shop's daily quota: one per enabled variant, else one. */
  readonly card_count: number;
};

/** What the moderation sweep's prices read and its notifications need of a product (docs/decisions.md, Real margin). */
export type ProductBrief = Pick<Product, 'id' | 'name' | 'offer_id' | 'pricing'>;

/** Where products live. Every method sees committed state or the surrounding unit of work. */
export interface ProductRepository {
  /** Stores a new product; its id must not exist yet. Its `created_by`/`updated_by` are stored as given (null when absent). */
  insert(product: Product): Promise<void>;
  /** The product with this id (archived ones too), or undefined. */
  findById(id: string): Promise<Product | undefined>;
  /** The products among these ids that exist, in no particular order (bulk publish reads 500 at once). */
  findByIds(ids: readonly string[]): Promise<Product[]>;
  /** Of these ids, each existing product's name, offer id and pricing group alone: what the sweep's reads need of 1000 at once. */
  briefsOf(ids: readonly string[]): Promise<ProductBrief[]>;
  /**
   * Replaces the stored product if its stored version is still `expectedVersion`; false when it is not (or it is gone).
   * Its author and creation time stay; its `updated_by` is stored when given, else the stored one stays.
   */
  update(product: Product, expectedVersion: number): Promise<boolean>;
  /** One page of products (newest-updated first by default) with the total of matches. Archived ones only when asked by stage. */
  list(query: ProductListQuery): Promise<{ total: number; items: ProductSummary[] }>;
  /** The matches per stage for the query's `q` and filters (its stage, sort and page ignored). */
  stageCounts(query: ProductListQuery): Promise<StageCounts>;
  /** Whether a non-archived product other than `exceptId` uses this offer id, as its own or one of its variants'. */
  offerIdTaken(offerId: string, exceptId: string): Promise<boolean>;
  /** Those of `offerIds` that a non-archived product other than `exceptId` uses (own or a variant's), in the order asked. */
  offersTaken(offerIds: readonly string[], exceptId: string): Promise<string[]>;
  /** Ids of non-archived products collected from this platform item. */
  idsBySource(platform: string, itemId: string): Promise<string[]>;
  /** Removes the product and its assets for good. */
  delete(id: string): Promise<void>;
}
