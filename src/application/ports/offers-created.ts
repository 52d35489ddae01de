/** An offer the marketplace reports created for the first time (`statuses.status` at `price_sent` or later, or `is_created`). */
export type CreatedOffer = {
  readonly shop_id: string;
  readonly product_id: string;
  readonly variant_id: string | null;
  readonly offer_id: string;
  readonly marketplace_product_id: string;
};

/** What happens once an offer exists on the marketplace: its stock is sent (docs/decisions.md, Stock). */
export interface OffersCreated {
  /** Queues the stock sends of these offers; durable once it resolves, and idempotent per offer (a crash may repeat a call). */
  offersCreated(offers: readonly CreatedOffer[]): Promise<void>;
}
