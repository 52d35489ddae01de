/**
 * One offer–warehouse pair's stock on its way to the marketplace (docs/decisions.md, Stock): a durable record per
 * pair, so a later value replaces a waiting one and the pair is never sent twice within the marketplace's interval.
 */

/** `waiting`: to be sent (or being sent); `sent`: the marketplace took it; `failed`: it refused it for a reason the seller must fix; `not_created`: the offer has no card yet, sent once the marketplace reports it created. */
export const STOCK_SEND_STATUSES = ['waiting', 'sent', 'failed', 'not_created'] as const;
export type StockSendStatus = (typeof STOCK_SEND_STATUSES)[number];

/** A refusal by the marketplace (or by us), with a Chinese explanation for the seller. */
export type StockError = { readonly code: string; readonly message: string; readonly explanation: string };

export type StockSend = {
  readonly id: string;
  readonly shop_id: string;
  readonly warehouse_id: number;
  readonly offer_id: string;
  readonly product_id: string;
  readonly variant_id: string | null;
  /** The card's id on the marketplace, sent beside the offer id (the document requires it). */
  readonly market_product_id: number | null;
  readonly stock: number;
  /** Raised with every new value, so the answer of a send made before a change does not mark the new value sent. */
  readonly revision: number;
  readonly status: StockSendStatus;
  readonly errors: readonly StockError[];
  readonly attempts: number;
  /** Not claimed before this (a retry's wait). */
  readonly due_at: string;
  /** The sender holding it and until when; a lapsed hold is free again. */
  readonly holder: string | null;
  readonly held_until: string | null;
  /** The pair may not go out again before this (the last send's start plus the marketplace's interval). */
  readonly next_allowed_at: string | null;
  /** The value the marketplace last took, and when. */
  readonly sent_stock: number | null;
  readonly sent_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** What a queue call asks for one pair. */
export type StockPair = Pick<StockSend, 'shop_id' | 'warehouse_id' | 'offer_id' | 'product_id' | 'variant_id' | 'market_product_id' | 'stock'>;

/** How one claimed send ended. */
export type StockOutcome =
  | { readonly kind: 'sent' }
  | { readonly kind: 'failed'; readonly errors: readonly StockError[] }
  | { readonly kind: 'not_created'; readonly errors: readonly StockError[] }
  | { readonly kind: 'retry'; readonly at: string; readonly errors: readonly StockError[] };
