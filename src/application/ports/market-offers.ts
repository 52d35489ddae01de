import { type MarketError, type MarketState } from '../../domain/publishing/market-state.ts';
import { type ProductListQuery } from './product-repository.ts';
import { type PriceIndex, type RatingGroup } from '../../domain/pricing/market-prices.ts';

/** Prices and content as the marketplace sees an offer (docs/decisions.md, Real margin); null until read. */
export type MarketWatch = {
  /** The sales percent of the shop's scheme; null = unknown (the marketplace said 0). */
  readonly market_commission_percent: number | null;
  readonly market_acquiring: number | null;
  readonly market_delivery_amount: number | null;
  /** The offer's current price on the marketplace, in `market_currency`. */
  readonly market_price: number | null;
  readonly market_currency: string | null;
  readonly price_index: PriceIndex | null;
  readonly market_prices_checked_at: string | null;
  readonly real_profit_rub: number | null;
  readonly real_margin_percent: number | null;
  readonly planned_margin_percent: number | null;
  readonly content_rating: number | null;
  readonly content_groups: readonly RatingGroup[];
  readonly rating_checked_at: string | null;
  /** Read at the next look: set after a price send (prices) or a card update (rating). */
  readonly prices_due: boolean;
  readonly rating_due: boolean;
};

/** One offer followed on the marketplace after its import (a product without variants, or one variant). */
export type MarketOffer = {
  readonly shop_id: string;
  readonly offer_id: string;
  readonly product_id: string;
  readonly variant_id: string | null;
  readonly marketplace_product_id: string | null;
  readonly sku: string | null;
  readonly market_state: MarketState;
  readonly market_errors: readonly MarketError[];
  readonly market_checked_at: string | null;
  readonly is_autoarchived: boolean;
  /** When the import that last sent it became `imported`. */
  readonly imported_at: string;
  readonly next_check_at: string;
  /** The interval the current wait stands for (it doubles while moderating). */
  readonly interval_ms: number;
  /** Reported created once, and its stock sends queued. */
  readonly created_seen: boolean;
  readonly updated_at: string;
} & MarketWatch;

/** Products per market state (a product counts under each state one of its offers is in). */
export type MarketStateCounts = Record<MarketState, number>;

/** Where the follow-up sweep keeps its offers; every method sees committed state. */
export interface MarketOfferRepository {
  /**
   * Follows every offer whose import became `imported` since it was last enrolled (new offers, and cards sent
   * again: back to `moderating`, looked at `firstMs` later). Idempotent, safe from several processes; answers how many.
   */
  enrolImported(now: string, firstMs: number): Promise<number>;
  /**
   * Claims up to `limit` due offers of one shop (the one due first), leaving out the shops in `skipShops`: their
   * next look becomes `leaseUntil`, so no other process asks for them meanwhile.
   */
  claimDue(now: string, leaseUntil: string, limit: number, skipShops: readonly string[]): Promise<MarketOffer[]>;
  /** Makes these claimed offers due at `now` again, those still under the lease `leaseUntil` (a graceful stop hands them back). */
  handBack(offers: readonly MarketOffer[], leaseUntil: string, now: string): Promise<void>;
  /** Stores what a look found (state, errors, next look), as given. */
  save(offers: readonly MarketOffer[]): Promise<void>;
  /** Makes every offer of a shop due at `now` with its prices to be read again (its margin floor changed). */
  shopDue(shopId: string, now: string): Promise<void>;
  /** Makes these offers of a shop, whose new price the marketplace accepted, due at `now` with their prices to be read again. */
  pricesAccepted(shopId: string, offerIds: readonly string[], now: string): Promise<void>;
  /**
   * Makes these offers of a shop, whose stock the marketplace took, due at `at` unless due sooner: an offer whose
   * moderation ended is otherwise looked at again only after MARKET_RECHECK_MS, and would show no stock till then.
   */
  stockSent(shopId: string, offerIds: readonly string[], at: string): Promise<void>;
  /** The earliest next look among all offers, or undefined when none is followed. */
  nextDueAt(): Promise<string | undefined>;
  /** The followed offers of these products. */
  ofProducts(productIds: readonly string[]): Promise<MarketOffer[]>;
  /**
   * Products per market state among the list's matches of `query` (its `q`, stage and filters; its own market_state
   * left out, as the stage counts leave out the stage); products archived in the service included unless a stage is asked.
   * Its `knownTotal`, when given, is how many products those matches are: a hint for the count's plan, never its answer.
   */
  stateCounts(query?: ProductListQuery): Promise<MarketStateCounts>;
}
