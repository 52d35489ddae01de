import { type Clock } from '../ports/clock.ts';
import { type MarketOffer } from '../ports/market-offers.ts';
import { type Marketplace, type MarketplaceCredentials } from '../ports/marketplace.ts';
import { type ProductBrief, type ProductRepository } from '../ports/product-repository.ts';
import { type Notifier } from '../notifications/notifier.ts';
import { type NotificationEvent } from '../../domain/notifications/notification.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { isJsonObject } from '../../domain/common/json.ts';
import { type PricingBreakdown, round2 } from '../../domain/pricing/pricing.ts';
import { type ContentRating, type MarketPriceInfo, RATING_BATCH, commissionOf } from '../../domain/pricing/market-prices.ts';
import { realMargin } from '../../domain/pricing/real-margin.ts';

/** The content rating is read every this many daily rechecks (weekly by default), and after a card update. */
export const RATING_RECHECKS = 7;
/** A shop's warehouses (whether its default one is rFBS) are read again after this long. */
const WAREHOUSES_TTL_MS = 60 * 60_000;

export type MarketWatchDeps = {
  readonly marketplace: Pick<Marketplace, 'marketPrices' | 'contentRatings' | 'warehouses'>;
  readonly products: Pick<ProductRepository, 'briefsOf'>;
  readonly clock: Clock;
  /** MARKET_RECHECK_MS: prices are read when older than this (and after a price send). */
  readonly recheckMs: number;
  readonly notifier?: Pick<Notifier, 'track'> | undefined;
};

/**
 * Reads prices and ratings for the offers one look of the sweep holds (one shop, ≤ 1000), and answers a function
 * that gives a part of them (the same objects) with what was read, so the sweep holds a part's products, copies and
 * notifications at a time, not the whole look's (issue 33: the sweep's memory). `request` is called before each
 * marketplace request (the sweep counts it against the shop's `operation_limits`).
 */
export type MarketWatch = (
  shop: Shop,
  credentials: MarketplaceCredentials,
  offers: readonly MarketOffer[],
  request: () => void,
) => Promise<(part: readonly MarketOffer[]) => Promise<MarketOffer[]>>;

const plannedOf = (pricing: Record<string, unknown>): PricingBreakdown | undefined => {
  const result = pricing.result;
  return isJsonObject(result) && typeof result.landed_rub === 'number' && typeof result.price_rub === 'number'
    ? (result as unknown as PricingBreakdown)
    : undefined;
};

/**
 * The daily prices read and the weekly content rating (docs/decisions.md, Real margin): per offer the commission of
 * the shop's scheme, acquiring and delivery, price index, and the real margin by the one computation against the
 * product's planned breakdown; `price_index_red` and `low_margin` are told once per episode and cleared when over.
 */
export function makeMarketWatch({ marketplace, products, clock, recheckMs, notifier }: MarketWatchDeps): MarketWatch {
  const schemes = new Map<string, { rfbs: boolean; readAt: number }>();

  const isRfbs = async (shop: Shop, credentials: MarketplaceCredentials, request: () => void, now: number): Promise<boolean> => {
    if (shop.default_warehouse_id === null) return false;
    const known = schemes.get(shop.id);
    if (known && now - known.readAt < WAREHOUSES_TTL_MS) return known.rfbs;
    request();
    const warehouses = await marketplace.warehouses(credentials);
    const rfbs = warehouses.some((warehouse) => warehouse.warehouse_id === shop.default_warehouse_id && warehouse.is_rfbs);
    schemes.set(shop.id, { rfbs, readAt: now });
    return rfbs;
  };

  /** What the offers whose prices this look read tell: a red index, a margin below the shop's floor (or that they ended). */
  const told = (shop: Shop, after: MarketOffer, productName: string | undefined): { event: NotificationEvent; holds: boolean }[] => {
    const subject = { shopId: after.shop_id, productId: after.product_id, variantId: after.variant_id, offerId: after.offer_id };
    const named = productName === undefined ? {} : { productName };
    const margin = after.real_margin_percent;
    const floor = shop.min_margin_percent;
    return [
      { event: { ...subject, ...named, kind: 'price_index_red' }, holds: after.price_index === 'RED' },
      {
        event: { ...subject, ...named, kind: 'low_margin', reason: `实际利润率 ${margin}%，低于店铺下限 ${floor}%。` },
        holds: margin !== null && floor !== null && margin < floor,
      },
    ];
  };

  return async (shop, credentials, offers, request) => {
    const now = clock.now().getTime();
    const at = new Date(now).toISOString();
    const pricesDue = (offer: MarketOffer): boolean =>
      offer.created_seen &&
      offer.marketplace_product_id !== null &&
      (offer.prices_due || offer.market_prices_checked_at === null || now - Date.parse(offer.market_prices_checked_at) >= recheckMs);
    const ratingDue = (offer: MarketOffer): boolean =>
      offer.sku !== null && (offer.rating_due || offer.rating_checked_at === null || now - Date.parse(offer.rating_checked_at) >= RATING_RECHECKS * recheckMs);

    // The requests, for every offer of the look at once: one prices read, the ratings 100 SKUs a request.
    const duePrices = offers.filter(pricesDue);
    const prices = new Map<string, MarketPriceInfo>();
    let rfbs = false;
    if (duePrices.length > 0) {
      rfbs = await isRfbs(shop, credentials, request, now);
      request();
      const read = await marketplace.marketPrices(
        credentials,
        duePrices.map((offer) => offer.offer_id),
      );
      for (const info of read) prices.set(info.offer_id, info);
    }
    const dueRatings = offers.filter(ratingDue);
    const ratings = new Map<string, ContentRating>();
    for (let start = 0; start < dueRatings.length; start += RATING_BATCH) {
      request();
      const read = await marketplace.contentRatings(
        credentials,
        dueRatings.slice(start, start + RATING_BATCH).map((offer) => offer.sku!),
      );
      for (const rating of read) ratings.set(rating.sku, rating);
    }

    /** An offer with the prices read and its real margin against the product's plan. */
    const priced = (offer: MarketOffer, brief: ProductBrief | undefined): MarketOffer => {
      const info = prices.get(offer.offer_id);
      if (!info) return { ...offer, prices_due: false, market_prices_checked_at: at };
      const commission = commissionOf(info, rfbs);
      const plan = brief && plannedOf(brief.pricing);
      const real = plan ? realMargin(plan, { price: info.price, currency_code: info.currency_code, commission_percent: commission }) : undefined;
      return {
        ...offer,
        market_commission_percent: commission,
        market_acquiring: info.acquiring,
        market_delivery_amount: info.fbs_deliv_to_customer_amount,
        market_price: info.price,
        market_currency: info.currency_code,
        price_index: info.price_index,
        market_prices_checked_at: at,
        prices_due: false,
        real_profit_rub: real?.real_profit_rub ?? null,
        real_margin_percent: real?.real_margin_percent ?? null,
        planned_margin_percent: plan && plan.price_rub > 0 ? round2((plan.profit_rub / plan.price_rub) * 100) : null,
      };
    };

    /** An offer with the content rating read. */
    const rated = (offer: MarketOffer): MarketOffer => {
      const rating = ratings.get(offer.sku!);
      return {
        ...offer,
        rating_due: false,
        rating_checked_at: at,
        content_rating: rating ? rating.rating : offer.content_rating,
        content_groups: rating ? rating.groups.filter((group) => group.improve_attributes.length > 0) : offer.content_groups,
      };
    };

    // What was read, applied to a part of the look at a time: the plans and names are read for that part alone.
    return async (part) => {
      const due = part.filter(pricesDue);
      const briefs = new Map<string, ProductBrief>();
      if (due.length > 0) for (const brief of await products.briefsOf([...new Set(due.map((offer) => offer.product_id))])) briefs.set(brief.id, brief);
      const answered = part.map((offer) => {
        const read = pricesDue(offer) ? priced(offer, briefs.get(offer.product_id)) : offer;
        return ratingDue(offer) ? rated(read) : read;
      });
      await notifier?.track(answered.flatMap((offer, index) => (pricesDue(part[index]!) ? told(shop, offer, briefs.get(offer.product_id)?.name) : [])));
      return answered;
    };
  };
}
