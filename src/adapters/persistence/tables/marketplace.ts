import { type ColumnType } from 'kysely';

/** Table types of the marketplace feature (its migration is migrations/005-marketplace.ts). */
export type ShopTable = {
  id: string;
  name: string;
  client_id: string;
  /** The API key sealed by the SecretBox (`v1.<kid>.<iv>.<tag>.<ciphertext>`), never the key itself. */
  api_key_sealed: string;
  api_key_last4: string;
  currency_code: string;
  status: string;
  /** JSON array of role names. */
  roles: string;
  key_expires_at: string | null;
  last_tested_at: string | null;
  /** The warehouse stock goes to by default (024), and the stock an offer gets when it has none of its own. */
  default_warehouse_id: number | null;
  default_stock: number;
  /** The margin floor in percent, null = off (028). */
  min_margin_percent: number | null;
  created_at: string;
  updated_at: string;
};

/** One product in one send to the marketplace (migration 011). */
export type PublishTaskTable = {
  id: string;
  /** The marketplace's task id; null while waiting for quota. */
  task_id: string | null;
  operation: string;
  product_id: string;
  /** The variant this record sent (016); null for a product without variants. */
  variant_id: string | null;
  shop_id: string;
  offer_id: string;
  status: string;
  marketplace_product_id: string | null;
  /** JSON array of the marketplace's item errors. */
  errors: string;
  attempts: number;
  next_poll_at: string | null;
  /** JSON of the card as sent (null until sent): the domain's `PublishCard`; rows written before held the import item sent, read back by publish-task-rows.ts. */
  card: string | null;
  /** When a send of the record's new card started whose answer is not stored yet (020); else null. */
  send_started_at: string | null;
  /** Who holds the record while it is sent (023): a request or a background claim; only its holder writes its send's outcome. */
  send_holder: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
};

/** Persisted marketplace lookups (category tree per language, attributes per category and type). */
export type CategoryCacheTable = {
  key: string;
  /** JSON text. */
  value: string;
  fetched_at: string;
};

/** An offer followed on the marketplace after its import (migration 027). */
export type MarketOfferTable = {
  shop_id: string;
  offer_id: string;
  product_id: string;
  variant_id: string | null;
  marketplace_product_id: string | null;
  sku: string | null;
  market_state: string;
  /** JSON array of MarketError. */
  market_errors: string;
  market_checked_at: string | null;
  is_autoarchived: number;
  imported_at: string;
  /** When the sweep looks next; also its lease while claimed. */
  next_check_at: string;
  interval_ms: number;
  created_seen: number;
  updated_at: string;
  /** Prices and content as the marketplace sees them (028). */
  market_commission_percent: number | null;
  market_acquiring: number | null;
  market_delivery_amount: number | null;
  market_price: number | null;
  market_currency: string | null;
  price_index: string | null;
  market_prices_checked_at: string | null;
  real_profit_rub: number | null;
  real_margin_percent: number | null;
  planned_margin_percent: number | null;
  content_rating: number | null;
  /** JSON array of RatingGroup. */
  content_groups: string | null;
  rating_checked_at: string | null;
  prices_due: number;
  rating_due: number;
};

export type MarketplaceTables = {
  market_offers: MarketOfferTable;
  /** A product's most telling market state (027). */
  product_market_states: { product_id: string; market_state: string };
  /** Products per market state, kept by triggers on product_market_states (027). */
  market_state_counts: { market_state: string; n: number };
  /** Products per market state and stage, kept by triggers on product_market_states and products (033). */
  market_state_stage_counts: { market_state: string; stage: string; n: number };
  /** Products per worst price index and stage, kept by triggers on product_market_watch and products (034). */
  price_index_stage_counts: { price_index: string; stage: string; n: number };
  /** A product's worst price index, lowest content rating and real margin among its offers (028). */
  product_market_watch: {
    product_id: string;
    price_index: string | null;
    price_index_rank: number | null;
    content_rating: number | null;
    real_margin_percent: number | null;
    planned_margin_percent: number | null;
    below_floor: number;
  };
  shops: ShopTable;
  publish_tasks: PublishTaskTable;
  category_cache: CategoryCacheTable;
};
