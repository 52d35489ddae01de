import { type Clock } from '../ports/clock.ts';
import { type MarketOffer } from '../ports/market-offers.ts';
import { type Marketplace, type MarketplaceCredentials } from '../ports/marketplace.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type Notifier } from '../notifications/notifier.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { isJsonObject } from '../../domain/common/json.ts';
import { type PricingBreakdown, round2 } from '../../domain/pricing/pricing.ts';
import { RATING_BATCH, commissionOf } from '../../domain/pricing/market-prices.ts';
import { realMargin } from '../../domain/pricing/real-margin.ts';

/** The content rating is read every this many daily rechecks (weekly by default), and after a card update. */
export const RATING_RECHECKS = 7;
/** A shop's warehouses (whether its default one is rFBS) are read again after this long. */
const WAREHOUSES_TTL_MS = 60 * 60_000;

export type MarketWatchDeps = {
  readonly marketplace: Pick<Marketplace, 'marketPrices' | 'contentRatings' | 'warehouses'>;
  readonly products: Pick<ProductRepository, 'findByIds'>;
  readonly clock: Clock;
  /** MARKET_RECHECK_MS: prices are read when older than this (and after a price send). */
  readonly recheckMs: number;
  readonly notifier?: Pick<Notifier, 'notify' | 'clear'> | undefined;
};

/**
 * Reads prices and ratings for the offers one look of the sweep holds (one shop, ≤ 1000), and answers them with
 * what was read. `request` is called before each marketplace request (the sweep counts it against the shop's
 * `operation_limits`).
 */
export type MarketWatch = (shop: Shop, credentials: MarketplaceCredentials, offers: readonly MarketOffer[], request: () => void) => Promise<MarketOffer[]>;

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

  /** Told for the offers whose prices this look read. */
  const tell = async (shop: Shop, after: MarketOffer, productName: string | undefined): Promise<void> => {
    if (!notifier) return;
    const subject = { shopId: after.shop_id, productId: after.product_id, variantId: after.variant_id };
    const named = productName === undefined ? {} : { productName };
    if (after.price_index === 'RED') await notifier.notify({ ...subject, ...named, kind: 'price_index_red', offerId: after.offer_id });
    else await notifier.clear({ ...subject, kind: 'price_index_red' });
    const margin = after.real_margin_percent;
    if (margin !== null && shop.min_margin_percent !== null && margin < shop.min_margin_percent)
      await notifier.notify({
        ...subject,
        ...named,
        kind: 'low_margin',
        offerId: after.offer_id,
        reason: `实际利润率 ${margin}%，低于店铺下限 ${shop.min_margin_percent}%。`,
      });
    else await notifier.clear({ ...subject, kind: 'low_margin' });
  };

  return async (shop, credentials, offers, request) => {
    const now = clock.now().getTime();
    const at = new Date(now).toISOString();
    const onMarket = (offer: MarketOffer) => offer.created_seen && offer.marketplace_product_id !== null;
    const pricesDue = offers.filter(
      (offer) =>
        onMarket(offer) && (offer.prices_due || offer.market_prices_checked_at === null || now - Date.parse(offer.market_prices_checked_at) >= recheckMs),
    );
    const ratingDue = offers.filter(
      (offer) =>
        offer.sku !== null &&
        (offer.rating_due || offer.rating_checked_at === null || now - Date.parse(offer.rating_checked_at) >= RATING_RECHECKS * recheckMs),
    );
    const next = new Map(offers.map((offer) => [offer.offer_id, offer]));
    const names = new Map<string, string>();

    if (pricesDue.length > 0) {
      const rfbs = await isRfbs(shop, credentials, request, now);
      request();
      const read = new Map(
        (
          await marketplace.marketPrices(
            credentials,
            pricesDue.map((offer) => offer.offer_id),
          )
        ).map((info) => [info.offer_id, info]),
      );
      const found = await products.findByIds([...new Set(pricesDue.map((offer) => offer.product_id))]);
      for (const product of found) names.set(product.id, product.name);
      const planned = new Map(found.map((product) => [product.id, plannedOf(product.pricing)]));
      for (const offer of pricesDue) {
        const info = read.get(offer.offer_id);
        if (!info) {
          next.set(offer.offer_id, { ...offer, prices_due: false, market_prices_checked_at: at });
          continue;
        }
        const commission = commissionOf(info, rfbs);
        const plan = planned.get(offer.product_id);
        const real = plan ? realMargin(plan, { price: info.price, currency_code: info.currency_code, commission_percent: commission }) : undefined;
        next.set(offer.offer_id, {
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
        });
      }
    }

    for (let start = 0; start < ratingDue.length; start += RATING_BATCH) {
      const chunk = ratingDue.slice(start, start + RATING_BATCH);
      request();
      const ratings = new Map(
        (
          await marketplace.contentRatings(
            credentials,
            chunk.map((offer) => offer.sku!),
          )
        ).map((rating) => [rating.sku, rating]),
      );
      for (const offer of chunk) {
        const rating = ratings.get(offer.sku!);
        const current = next.get(offer.offer_id)!;
        next.set(offer.offer_id, {
          ...current,
          rating_due: false,
          rating_checked_at: at,
          content_rating: rating ? rating.rating : current.content_rating,
          content_groups: rating ? rating.groups.filter((group) => group.improve_attributes.length > 0) : current.content_groups,
        });
      }
    }

    for (const offer of pricesDue) await tell(shop, next.get(offer.offer_id)!, names.get(offer.product_id));
    const answered = offers.map((offer) => next.get(offer.offer_id)!);
    return answered;
  };
}
