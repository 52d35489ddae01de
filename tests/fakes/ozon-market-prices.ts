/**
 * The fake marketplace's prices and content ratings (issue 33): `/v5/product/info/prices` answers each known offer's
 * current price (its import's, then each accepted price update's) with commissions and a price index a test can
 * change, and `/v1/product/rating-by-sku` a content rating with the attributes that would raise it. Shared by the
 * fake Seller API (ozon.ts) and its in-memory stand-in; bodies follow tests/reference/ozon-openapi-after-import.json.
 */
import { type Answer, type CardLookup } from './ozon-moderation.ts';

export type OfferTerms = {
  sales_percent_fbs: number;
  sales_percent_rfbs: number;
  /** Acquiring as a share of the price, percent. */
  acquiring_percent: number;
  fbs_deliv_to_customer_amount: number;
  color_index: 'SUPER' | 'GREEN' | 'YELLOW' | 'RED' | 'WITHOUT_INDEX';
};

export type RatingTerms = {
  rating: number;
  groups: { key: string; name: string; rating: number; weight: number; improve_at_least: number; improve_attributes: { id: number; name: string }[] }[];
};

const DEFAULT_RATING: RatingTerms = {
  rating: 62.5,
  groups: [
    {
      key: 'important_attributes',
      name: 'Важные атрибуты',
      rating: 40,
      weight: 50,
      improve_at_least: 2,
      improve_attributes: [
        { id: 85, name: 'Бренд' },
        { id: 4180, name: 'Название' },
      ],
    },
    { key: 'media', name: 'Медиа', rating: 85, weight: 25, improve_at_least: 0, improve_attributes: [] },
  ],
};

const refused = (message: string): Answer => ({ status: 400, body: { code: 3, message, details: [] } });

export function makeMarketPrices() {
  const terms = new Map<string, Partial<OfferTerms>>();
  const ratings = new Map<string, RatingTerms>();
  /** Each offer's current price on the marketplace, in its currency. */
  const current = new Map<string, { price: number; currency_code: string }>();
  const book = {
    /** What every offer gets unless `set` changed it. */
    defaults: { sales_percent_fbs: 12, sales_percent_rfbs: 12, acquiring_percent: 1.5, fbs_deliv_to_customer_amount: 60, color_index: 'GREEN' } as OfferTerms,
    /** Each `/v5/product/info/prices` request's offer ids, and each `/v1/product/rating-by-sku` request's SKUs. */
    priceReads: [] as string[][],
    ratingReads: [] as string[][],
    /** Changes an offer's commissions or index from the next read on. */
    set(offerId: string, changes: Partial<OfferTerms>): void {
      terms.set(offerId, { ...terms.get(offerId), ...changes });
    },
    /** Changes an offer's content rating from the next read on. */
    setRating(offerId: string, rating: RatingTerms): void {
      ratings.set(offerId, rating);
    },
    /** The price an import carried (a card's first price). */
    imported(items: readonly Record<string, unknown>[]): void {
      for (const item of items)
        if (item.price !== undefined) current.set(String(item.offer_id), { price: Number(item.price), currency_code: String(item.currency_code ?? 'RUB') });
    },
    /** The price updates the marketplace accepted. */
    priceSent(prices: readonly Record<string, unknown>[], results: readonly { offer_id: string; updated: boolean }[]): void {
      for (const [index, price] of prices.entries())
        if (results[index]?.updated) current.set(String(price.offer_id), { price: Number(price.price), currency_code: String(price.currency_code ?? 'RUB') });
    },
    currentPrice: (offerId: string) => current.get(offerId),

    answer(path: string, body: Record<string, unknown>, cards: CardLookup): Answer | undefined {
      if (path === '/v5/product/info/prices') {
        const filter = (body.filter ?? {}) as Record<string, unknown>;
        const offerIds = Array.isArray(filter.offer_id) ? filter.offer_id.map(String) : [];
        const limit = Number(body.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return refused('limit must be in [1, 1000]');
        if (offerIds.length === 0 || offerIds.length > 1000) return refused('filter.offer_id must contain 1 to 1000 items');
        book.priceReads.push(offerIds);
        const items = offerIds.flatMap((offerId) => {
          const card = cards.card(offerId);
          const price = current.get(offerId);
          if (!card || !price) return [];
          const offer = { ...book.defaults, ...terms.get(offerId) };
          return [
            {
              product_id: Number(card.id),
              offer_id: offerId,
              acquiring: Math.round(price.price * offer.acquiring_percent) / 100,
              commissions: {
                sales_percent_fbs: offer.sales_percent_fbs,
                sales_percent_rfbs: offer.sales_percent_rfbs,
                sales_percent_fbo: offer.sales_percent_fbs,
                fbs_deliv_to_customer_amount: offer.fbs_deliv_to_customer_amount,
                fbo_deliv_to_customer_amount: offer.fbs_deliv_to_customer_amount,
              },
              price: { price: price.price, old_price: 0, min_price: 0, currency_code: price.currency_code, vat: 0, auto_action_enabled: false },
              price_indexes: { color_index: offer.color_index },
              volume_weight: 0.1,
            },
          ];
        });
        return { status: 200, body: { items, cursor: '', total: items.length } };
      }
      if (path === '/v1/product/rating-by-sku') {
        const skus = Array.isArray(body.skus) ? body.skus.map(String) : [];
        if (skus.length === 0 || skus.length > 100) return refused('skus must contain 1 to 100 items');
        book.ratingReads.push(skus);
        const bySku = new Map<string, string>();
        for (const offerId of cards.allOffers()) {
          const sku = Number(cards.card(offerId)?.sku ?? 0);
          if (sku > 0) bySku.set(String(sku), offerId);
        }
        const products = skus.flatMap((sku) => {
          const offerId = bySku.get(sku);
          if (!offerId) return [];
          const rating = ratings.get(offerId) ?? DEFAULT_RATING;
          return [{ sku: Number(sku), rating: rating.rating, groups: rating.groups.map((group) => ({ ...group, conditions: [] })) }];
        });
        return { status: 200, body: { products } };
      }
      return undefined;
    },
  };
  return book;
}

export type MarketPrices = ReturnType<typeof makeMarketPrices>;
