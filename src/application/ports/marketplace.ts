import { type ContentRating, type MarketPriceInfo } from '../../domain/pricing/market-prices.ts';
import { type CardPictures, type CardPrice, type CopyCard, type PublishCard } from '../../domain/publishing/publish-card.ts';
import { type MarketCardInfo } from '../../domain/publishing/market-state.ts';
import { type MarketplaceCard } from '../../domain/publishing/publish-reconcile.ts';
import { type ImportResultItem } from '../../domain/publishing/publish-task.ts';
import { type ShopTestOutcome } from '../../domain/shops/shop.ts';
import { type ShopLimits } from '../../domain/shops/shop-limits.ts';

/** A shop's credentials, decrypted only for the duration of a call. */
export type MarketplaceCredentials = { readonly clientId: string; readonly apiKey: string };

export const CATEGORY_LANGUAGES = ['DEFAULT', 'RU', 'EN', 'TR', 'ZH_HANS'] as const;
export type CategoryLanguage = (typeof CATEGORY_LANGUAGES)[number];

/** A node of the category tree: a category (with children) or, at the last level, a product type. */
export type CategoryNode = {
  readonly description_category_id?: number;
  readonly category_name?: string;
  readonly type_id?: number;
  readonly type_name?: string;
  readonly disabled: boolean;
  readonly children: CategoryNode[];
};

export type CategoryAttribute = {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly type: string;
  readonly is_required: boolean;
  readonly is_collection: boolean;
  readonly is_aspect: boolean;
  readonly dictionary_id: number;
  readonly category_dependent: boolean;
  readonly group_id: number;
  readonly group_name: string;
  readonly attribute_complex_id: number;
  readonly max_value_count: number;
  readonly complex_is_collection: boolean;
};

export type AttributeValue = { readonly id: number; readonly value: string; readonly info: string; readonly picture: string };

/** The synchronous answer for one price. */
export type PriceResult = {
  readonly offer_id: string;
  readonly product_id: number;
  readonly updated: boolean;
  readonly errors: readonly { readonly code: string; readonly message: string }[];
};

/** An FBS or rFBS warehouse of the shop (`/v2/warehouse/list`). */
export type Warehouse = { readonly warehouse_id: number; readonly name: string; readonly is_rfbs: boolean; readonly is_kgt: boolean; readonly status: string };
/** One offer–warehouse pair's stock for `/v2/products/stocks` (`product_id` is the card's id on the marketplace). */
export type StockItem = { readonly offer_id: string; readonly product_id: number; readonly warehouse_id: number; readonly stock: number };
/** The answer for one pair. */
export type StockResult = {
  readonly offer_id: string;
  readonly warehouse_id: number;
  readonly updated: boolean;
  readonly errors: readonly { readonly code: string; readonly message: string }[];
};
/** One offer of `/v2/products/delete`: deleted, or the marketplace's reason. */
export type DeleteOutcome = { readonly offer_id: string; readonly is_deleted: boolean; readonly error: string };

export type AttributeScope = {
  readonly attributeId: number;
  readonly categoryId: number;
  readonly typeId: number;
  readonly language: CategoryLanguage;
};

/**
 * The marketplace's Seller API, called with one shop's credentials. It takes and answers the domain's shapes (cards,
 * results, limits); the marketplace's request and answer shapes stay in its adapter. Methods throw DomainError
 * `upstream_failed` (the marketplace's message in the detail) or `upstream_timeout`; they never echo the key.
 */
export interface Marketplace {
  /** Checks the key at no cost; a rejection by the marketplace is an outcome, not an error. */
  testCredentials(credentials: MarketplaceCredentials): Promise<ShopTestOutcome>;
  /** The whole category tree in one language. */
  categoryTree(credentials: MarketplaceCredentials, language: CategoryLanguage): Promise<CategoryNode[]>;
  /** The characteristics of one category and product type. */
  categoryAttributes(credentials: MarketplaceCredentials, scope: Omit<AttributeScope, 'attributeId'>): Promise<CategoryAttribute[]>;
  /** One page of a dictionary, after `lastValueId` (0 = from the start). */
  attributeValues(
    credentials: MarketplaceCredentials,
    scope: AttributeScope,
    page: { limit: number; lastValueId: number },
  ): Promise<{ values: AttributeValue[]; hasNext: boolean }>;
  /** Dictionary entries matching `query` (at least 2 characters). */
  searchAttributeValues(credentials: MarketplaceCredentials, scope: AttributeScope, query: string, limit: number): Promise<AttributeValue[]>;
  /** Starts an asynchronous import of these cards (at most 100); answers the marketplace's task id. */
  importProducts(credentials: MarketplaceCredentials, cards: readonly PublishCard[]): Promise<{ taskId: string }>;
  /**
   * Starts copies of other sellers' cards by SKU (at most 100; docs/decisions.md, Follow-selling). Answers the task id
   * (null when no SKU matched) and the SKUs the marketplace refused to copy (their owner forbids it, or the card is ours).
   */
  importBySku(credentials: MarketplaceCredentials, cards: readonly CopyCard[]): Promise<{ taskId: string | null; unmatchedSkus: readonly number[] }>;
  /** Replaces published cards' pictures (the primary one plus at most 49 each); answers a task id polled like an import. */
  importPictures(credentials: MarketplaceCredentials, cards: readonly CardPictures[]): Promise<{ taskId: string }>;
  /** Updates published cards' prices (at most 1000), answered at once per card. */
  importPrices(credentials: MarketplaceCredentials, prices: readonly CardPrice[]): Promise<PriceResult[]>;
  /** The shop's product quotas (`/v4/product/info/limit`). */
  productLimits(credentials: MarketplaceCredentials): Promise<ShopLimits>;
  /** The current per-item result of an import task. */
  importInfo(credentials: MarketplaceCredentials, taskId: string): Promise<ImportResultItem[]>;
  /** The cards the marketplace has for these offer ids (`/v3/product/info/list`, at most 1000); unknown ones are absent. */
  cardsByOffer(credentials: MarketplaceCredentials, offerIds: readonly string[]): Promise<MarketplaceCard[]>;
  /** The shop's FBS and rFBS warehouses, every page. */
  warehouses(credentials: MarketplaceCredentials): Promise<Warehouse[]>;
  /** Sets stocks (at most 100 pairs), answered at once per pair; a 429 the call cannot wait out is `MARKETPLACE_RATE_LIMITED`. */
  updateStocks(credentials: MarketplaceCredentials, items: readonly StockItem[]): Promise<StockResult[]>;
  /** The cards of these offer ids with statuses, errors, archive flags, stock and visibility (`/v3/product/info/list`, ≤ 1000). */
  cardInfos(credentials: MarketplaceCredentials, offerIds: readonly string[]): Promise<MarketCardInfo[]>;
  /** Prices as the marketplace sees them (`/v5/product/info/prices`, ≤ 1000 offer ids, every page); unknown offers are absent. */
  marketPrices(credentials: MarketplaceCredentials, offerIds: readonly string[]): Promise<MarketPriceInfo[]>;
  /** The content rating of these SKUs with the attributes that would raise it (`/v1/product/rating-by-sku`, ≤ 100). */
  contentRatings(credentials: MarketplaceCredentials, skus: readonly string[]): Promise<ContentRating[]>;
  /** Archives cards by product id (`/v1/product/archive`, ≤ 100). */
  archiveProducts(credentials: MarketplaceCredentials, productIds: readonly string[]): Promise<void>;
  /** Restores archived cards (`/v1/product/unarchive`, ≤ 100); past the daily limit of auto-archived ones: conflict `UNARCHIVE_LIMIT_REACHED`. */
  unarchiveProducts(credentials: MarketplaceCredentials, productIds: readonly string[]): Promise<void>;
  /** Deletes archived cards without an SKU (`/v2/products/delete`, ≤ 500), per offer. */
  deleteProducts(credentials: MarketplaceCredentials, offerIds: readonly string[]): Promise<DeleteOutcome[]>;
}
