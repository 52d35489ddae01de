/**
 * What the marketplace says of an offer's price and content (docs/decisions.md, Real margin): its commissions,
 * acquiring and delivery amounts and price index (`/v5/product/info/prices`), and its content rating with the
 * attributes that would raise it (`/v1/product/rating-by-sku`). Pure data, bundled by the page for the words.
 */

export const PRICE_INDEXES = ['SUPER', 'GREEN', 'YELLOW', 'RED', 'WITHOUT_INDEX'] as const;
export type PriceIndex = (typeof PRICE_INDEXES)[number];

/** The price index in words (the page shows them beside the colour, never the colour alone). */
export const PRICE_INDEX_WORDS: Readonly<Record<PriceIndex, string>> = {
  SUPER: '价格极具优势',
  GREEN: '价格有优势',
  YELLOW: '价格一般',
  RED: '价格偏高',
  WITHOUT_INDEX: '暂无价格指数',
};

export const priceIndexOf = (value: string): PriceIndex => ((PRICE_INDEXES as readonly string[]).includes(value) ? (value as PriceIndex) : 'WITHOUT_INDEX');

/** One offer in `/v5/product/info/prices`, as the sweep keeps it. */
export type MarketPriceInfo = {
  readonly offer_id: string;
  readonly price: number;
  readonly currency_code: string;
  readonly sales_percent_fbs: number;
  readonly sales_percent_rfbs: number;
  readonly acquiring: number;
  readonly fbs_deliv_to_customer_amount: number;
  readonly price_index: PriceIndex;
};

/** The commission of the shop's scheme: rFBS for an rFBS default warehouse, else FBS; 0 (unknown) becomes null. */
export function commissionOf(info: MarketPriceInfo, rfbs: boolean): number | null {
  const percent = rfbs ? info.sales_percent_rfbs : info.sales_percent_fbs;
  return percent > 0 ? percent : null;
}

/** A group of the content rating and the attributes that would raise it. */
export type RatingGroup = {
  readonly key: string;
  readonly name: string;
  readonly rating: number;
  readonly improve_at_least: number;
  readonly improve_attributes: readonly { readonly id: number; readonly name: string }[];
};

export type ContentRating = { readonly sku: string; readonly rating: number; readonly groups: readonly RatingGroup[] };

/** `/v1/product/rating-by-sku` takes at most 100 SKUs a request, `/v5/product/info/prices` 1000 offers. */
export const RATING_BATCH = 100;
export const PRICES_BATCH = 1000;
