import { type MarketError, type MarketState } from '../../domain/publishing/market-state.ts';

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
};

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
  /** The earliest next look among all offers, or undefined when none is followed. */
  nextDueAt(): Promise<string | undefined>;
  /** The followed offers of these products. */
  ofProducts(productIds: readonly string[]): Promise<MarketOffer[]>;
  /** Products per market state among live (not archived in the service) products. */
  stateCounts(): Promise<MarketStateCounts>;
}
