import { type StockOutcome, type StockPair, type StockSend } from '../../domain/stock/stock-send.ts';

/** A claimed send as the sender holds it: the record and the revision it is sending. */
export type ClaimedStock = StockSend;

/**
 * Where stock sends live (docs/decisions.md, Stock): one record per shop, warehouse and offer, claimed by one sender at
 * a time with a lease, plus the per-shop log of stock requests that keeps every instance within the marketplace's limit.
 */
export interface StockSendRepository {
  /**
   * Stores each pair's new value: a new record, or the pair's record with the value replaced, its revision raised and
   * its status `waiting` (or `not_created` when `notCreated`); a send in flight keeps its hold and the pair its interval.
   */
  queue(pairs: readonly StockPair[], now: string, options?: { readonly notCreated?: boolean }): Promise<void>;
  /** The `not_created` records of these offers in the shop, made `waiting` with the card's id now known; answers how many. */
  releaseCreated(shopId: string, offers: readonly { readonly offer_id: string; readonly market_product_id: number | null }[], now: string): Promise<number>;
  /** Shops with a record claimable at `now` (waiting, due, not held, past its pair interval). */
  dueShops(now: string, limit: number): Promise<string[]>;
  /**
   * Claims up to `limit` claimable records of one shop for `holder` until `leaseUntil`, oldest due first; each gets
   * `next_allowed_at` = `nextAllowedAt` (the pair may not go out again before) and one more attempt. Answers them.
   */
  claim(shopId: string, now: string, leaseUntil: string, nextAllowedAt: string, holder: string, limit: number): Promise<ClaimedStock[]>;
  /**
   * Writes how each claimed send ended, where `holder` still holds it; a record whose value changed meanwhile (another
   * revision) stays waiting for its new value. Every pair's `next_allowed_at` becomes at least `nextAllowedAt`: the
   * marketplace counts its interval from when it took the value, which may be later than the claim. Answers the ids written.
   */
  finish(
    holder: string,
    outcomes: readonly { readonly send: ClaimedStock; readonly outcome: StockOutcome }[],
    now: string,
    nextAllowedAt: string,
  ): Promise<string[]>;
  /** Ends every hold of `holder` (a stop): the records are free at once, each still not before its `next_allowed_at`. */
  handBack(holder: string): Promise<void>;
  /** The earliest time a waiting record becomes claimable, or undefined when none waits. */
  nextDueAt(): Promise<string | undefined>;
  /** Those of these offers that already have a record for this shop and warehouse. */
  offersWithRecord(shopId: string, warehouseId: number, offerIds: readonly string[]): Promise<Set<string>>;
  /** The product of each of these offer ids (its own or a variant's) among non-archived products. */
  productsOfOffers(offerIds: readonly string[]): Promise<Map<string, string>>;
  /** A product's records, newest first. */
  listByProduct(productId: string): Promise<StockSend[]>;
  /**
   * Takes one request slot of the shop's `limit` per `windowMs` at `now` (a durable log shared by every instance):
   * true when taken, else the time the oldest request in the window leaves it.
   */
  takeRequestSlot(shopId: string, now: string, windowMs: number, limit: number, slotId: string): Promise<true | string>;
  /** Gives a slot back (taken, then nothing was claimed to send). */
  returnRequestSlot(slotId: string): Promise<void>;
}
