import { type Generated } from 'kysely';
import { type AccountTables } from './tables/accounts.ts';
import { type AiTables } from './tables/ai.ts';
import { type CatalogTables } from './tables/catalog.ts';
import { type IntakeTables } from './tables/intake.ts';
import { type MarketplaceTables } from './tables/marketplace.ts';
import { type NotificationTables } from './tables/notifications.ts';
import { type StockTables } from './tables/stock.ts';
import { type WorkbenchTables } from './tables/workbench.ts';

/**
 * Table types. Timestamps are ISO-8601 UTC text (sortable in both dialects); JSON groups are text holding JSON,
 * so queries stay dialect-neutral. Rows never leave this folder: repositories map them to domain types.
 */
export type ProductTable = {
  id: string;
  stage: string;
  version: number;
  name: string;
  description: string;
  offer_id: string;
  price: number | null;
  old_price: number | null;
  currency_code: string;
  vat: string;
  weight: number | null;
  weight_unit: string;
  depth: number | null;
  width: number | null;
  height: number | null;
  dimension_unit: string;
  barcode: string;
  description_category_id: number | null;
  type_id: number | null;
  primary_image: string | null;
  /** JSON array of URLs, or null while derived from assets. */
  images: string | null;
  source_platform: string;
  source_item_id: string;
  source_url: string;
  /** JSON array of {platform, item_id, url}. */
  sources: string;
  marketplace_product_id: string | null;
  published_at: string | null;
  fx_rate: number | null;
  raw: string;
  pricing: string;
  copy: string;
  attributes: string;
  complex_attributes: string;
  /** JSON array of the product's variants (016). */
  variants: Generated<string>;
  /** Lower-cased name, offer id, source ids and URLs: what `q` searches. */
  search_text: string;
  /** The first collected (Chinese) title, or null (032; derived, product-rows.ts). */
  collected_title: string | null;
  /** The cards publishing the product sends (032; derived). */
  card_count: number;
  /** The product's source platforms, in PLATFORMS order, comma-separated: 'ozon,1688' ('' for none; 032; derived, source-platforms.ts). */
  source_platforms: string;
  created_at: string;
  updated_at: string;
  /** Who made and who last changed the product (user name, `app-token`); null for rows from before accounts. */
  created_by: string | null;
  updated_by: string | null;
  /** The quantity offered for sale (024); null = the shop's default. */
  sale_stock: number | null;
  /** `copy` or `create` (030). */
  publish_mode: Generated<string>;
  /** The marketplace page's price in roubles when collected (030). */
  market_price_rub: number | null;
};

/** Every variant's offer id (016), rewritten with its product: "unique among all offers" is one lookup. */
export type ProductOfferTable = {
  product_id: string;
  offer_id: string;
};

export type ProductSourceTable = {
  product_id: string;
  platform: string;
  item_id: string;
  url: string;
};

export type AssetTable = {
  id: string;
  product_id: string;
  group_key: string;
  group_name: string;
  variant_name: string | null;
  type: string;
  idx: number;
  dedupe_key: string;
  source_url: string;
  referer: string;
  stored_url: string;
  status: string;
  error: string | null;
  attempts: number;
  content_type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
  /** Videos only (018): the duration read from the file. */
  duration_ms?: number | null;
  /** Videos only (019): 1 for the product's video cover, else 0. */
  video_cover?: number;
  /** Translated pictures only (021): the asset id of the picture they translate. */
  translated_from?: string | null;
  created_at: string;
  updated_at: string;
  /** Lease of a download claim (013): null when free; a past time means its claimer died and it is free again. */
  claimed_until: string | null;
};

/** Key-value settings and small caches (e.g. the last accepted exchange rate). */
export type SettingTable = {
  key: string;
  value: string;
  updated_at: string;
};

/** A monotonically increasing row id, for tables that page by insertion order. */
export type SerialId = Generated<number>;

/** Core tables, plus each feature's own (declared in tables/<feature>.ts). */
export type Database = {
  products: ProductTable;
  product_sources: ProductSourceTable;
  product_offers: ProductOfferTable;
  assets: AssetTable;
  settings: SettingTable;
} & IntakeTables &
  CatalogTables &
  AiTables &
  MarketplaceTables &
  AccountTables &
  WorkbenchTables &
  NotificationTables &
  StockTables;
