import { type Clock } from '../ports/clock.ts';
import { type MarketOffer, type MarketOfferRepository } from '../ports/market-offers.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type CreatedOffer, type OffersCreated } from '../ports/offers-created.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type Notifier } from '../notifications/notifier.ts';
import { type NotificationEvent } from '../../domain/notifications/notification.ts';
import { type MarketWatch } from './market-watch.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import {
  type MarketCardInfo,
  type SweepTimings,
  explainMarketError,
  isCreatedOnMarket,
  marketStateOf,
  nextLook,
} from '../../domain/publishing/market-state.ts';

/** `/v3/product/info/list` takes at most 1000 identifiers a request. */
export const SWEEP_BATCH = 1000;
/** A look's offers are stored this many at a time (one transaction each). */
const STORE_PART = 250;
/** A shop's `operation_limits` are read again after this long. */
const LIMITS_TTL_MS = 10 * 60_000;
const MINUTE_MS = 60_000;

export type MarketSweepDeps = {
  readonly marketOffers: MarketOfferRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly offersCreated: OffersCreated;
  readonly clock: Clock;
  readonly timings: SweepTimings;
  /** How long claimed offers stay with this process (a process that died leaves them due again after it). */
  readonly leaseMs: number;
  readonly batch?: number;
  readonly onError?: (event: { readonly shopId: string; readonly error: unknown }) => void;
  /** Told of declined and out-of-stock offers, and when they are no longer (docs/decisions.md, Notifications). */
  readonly notifier?: Pick<Notifier, 'track'>;
  /** Reads prices (daily, after a price send) and content ratings (weekly, after an update) of the offers looked at. */
  readonly watch?: MarketWatch;
};

/** The market states that notify while they hold. */
const WATCHED = ['declined', 'no_stock'] as const;

/**
 * One batch of the sweep (answers whether more may be due; shaped as the publish poller's pass, so its timer runs
 * it), with the hand-back of a batch in flight at a graceful stop, and the next time it has work.
 */
export type MarketSweep = {
  readonly pass: ((stopping?: () => boolean) => Promise<boolean>) & { handBack(): Promise<void> };
  readonly nextDueAt: () => Promise<string | undefined>;
};

const at = (ms: number): string => new Date(ms).toISOString();

/** What one look at a card makes of its offer. */
function looked(offer: MarketOffer, card: MarketCardInfo | undefined, now: number, timings: SweepTimings): MarketOffer {
  // A card the marketplace no longer lists keeps its last known state and is looked at again later.
  const state = card ? marketStateOf(card) : offer.market_state;
  const interval = nextLook(state, offer.interval_ms, timings);
  const base = { ...offer, interval_ms: interval, next_check_at: at(now + interval), market_checked_at: at(now), updated_at: at(now) };
  if (!card) return base;
  return {
    ...base,
    market_state: state,
    market_errors: card.errors.map(explainMarketError),
    sku: card.sku ?? offer.sku,
    marketplace_product_id: card.product_id,
    is_autoarchived: card.is_autoarchived,
    created_seen: offer.created_seen || isCreatedOnMarket(card),
  };
}

/**
 * The follow-up sweep (docs/decisions.md, Moderation): enrols offers whose import became `imported`, then claims
 * due offers of one shop at a time (at most 1000, one `/v3/product/info/list` request) with a lease, so two
 * processes never ask for the same offer, and stores each offer's state, errors and next look. Offers reported
 * created for the first time get their stock sends queued before the look is stored (a crash in between repeats
 * the idempotent call, never loses it). A shop's requests stay within its `operation_limits` a minute.
 */
export function makeMarketSweep({
  marketOffers,
  shopAccess,
  marketplace,
  offersCreated,
  clock,
  timings,
  leaseMs,
  batch = SWEEP_BATCH,
  onError,
  notifier,
  watch,
}: MarketSweepDeps): MarketSweep {
  /** One notification per episode: told while a watched state holds, cleared once the offer left it. */
  const told = (before: MarketOffer, after: MarketOffer): { event: NotificationEvent; holds: boolean }[] =>
    // Created at this very look: its stock send was only just queued, so "no stock" is the stock on its way, not
    // something for the seller to fix (a new seller's bulk publish told 在售无库存 of every offer). The next look tells.
    WATCHED.filter((kind) => !(kind === 'no_stock' && after.market_state === kind && after.created_seen && !before.created_seen)).map((kind) => ({
      event: {
        kind,
        shopId: after.shop_id,
        productId: after.product_id,
        variantId: after.variant_id,
        offerId: after.offer_id,
        reason: kind === 'declined' ? after.market_errors[0]?.explanation : undefined,
      },
      holds: after.market_state === kind,
    }));

  /** Per shop: its requests a minute, when read, and this minute's count. */
  const rates = new Map<string, { limit: number; readAt: number; minute: number; used: number }>();

  const perMinute = async (shopId: string, now: number): Promise<number> => {
    const known = rates.get(shopId);
    if (known && now - known.readAt < LIMITS_TTL_MS) return known.limit;
    let limit = -1;
    try {
      const shop = await shopAccess.find(shopId);
      limit = (await marketplace.productLimits(shopAccess.credentialsOf(shop))).operation_limits?.limit ?? -1;
    } catch (error) {
      onError?.({ shopId, error });
    }
    rates.set(shopId, { limit, readAt: now, minute: known?.minute ?? 0, used: known?.used ?? 0 });
    return limit;
  };

  /** Shops that used this minute's requests. */
  const capped = (now: number): string[] =>
    [...rates].filter(([, rate]) => rate.limit >= 0 && Math.floor(now / MINUTE_MS) === rate.minute && rate.used >= rate.limit).map(([id]) => id);

  const count = (shopId: string, now: number): void => {
    const rate = rates.get(shopId);
    if (!rate) return;
    const minute = Math.floor(now / MINUTE_MS);
    rates.set(shopId, { ...rate, minute, used: rate.minute === minute ? rate.used + 1 : 1 });
  };

  const look = async (offers: readonly MarketOffer[]): Promise<void> => {
    const shopId = offers[0]!.shop_id;
    const started = clock.now().getTime();
    let cards: MarketCardInfo[];
    let shop;
    try {
      shop = await shopAccess.find(shopId);
      await perMinute(shopId, started);
      count(shopId, started);
      cards = await marketplace.cardInfos(
        shopAccess.credentialsOf(shop),
        offers.map((offer) => offer.offer_id),
      );
    } catch (error) {
      onError?.({ shopId, error });
      // Looked at again after the first wait (a shop that is gone: after the daily recheck).
      const wait = isDomainError(error) && error.code === 'SHOP_NOT_FOUND' ? timings.recheckMs : timings.firstMs;
      await marketOffers.save(offers.map((offer) => ({ ...offer, next_check_at: at(started + wait) })));
      return;
    }
    const now = clock.now().getTime();
    const byOffer = new Map(cards.map((card) => [card.offer_id, card]));
    const next = offers.map((offer) => looked(offer, byOffer.get(offer.offer_id), now, timings));
    let apply = async (part: readonly MarketOffer[]): Promise<MarketOffer[]> => [...part];
    if (watch) {
      // A failed read leaves the offers' prices and rating due: read again at the next look.
      try {
        const read = await watch(shop, shopAccess.credentialsOf(shop), next, () => count(shopId, clock.now().getTime()));
        apply = async (part) => {
          try {
            return await read(part);
          } catch (error) {
            onError?.({ shopId, error });
            return [...part];
          }
        };
      } catch (error) {
        onError?.({ shopId, error });
      }
    }
    // The look is stored a part at a time: the whole look's copies, products and notifications at once were most of
    // what a pass held (bench "Daily prices read").
    for (let start = 0; start < next.length; start += STORE_PART) {
      await store(offers.slice(start, start + STORE_PART), await apply(next.slice(start, start + STORE_PART)));
    }
  };

  /** One part of a look: stock queued for offers seen created, notifications, then the offers stored. */
  const store = async (before: readonly MarketOffer[], after: readonly MarketOffer[]): Promise<void> => {
    const created: CreatedOffer[] = after
      .filter((offer, index) => offer.created_seen && !before[index]!.created_seen && offer.marketplace_product_id !== null)
      .map(({ shop_id, product_id, variant_id, offer_id, marketplace_product_id }) => ({
        shop_id,
        product_id,
        variant_id,
        offer_id,
        marketplace_product_id: marketplace_product_id!,
      }));
    if (created.length > 0) await offersCreated.offersCreated(created);
    // Told before the look is stored, as the stock: a crash in between tells again (once per episode), never loses it.
    try {
      await notifier?.track(after.flatMap((offer, index) => told(before[index]!, offer)));
    } catch (error) {
      onError?.({ shopId: after[0]!.shop_id, error });
    }
    await marketOffers.save(after);
  };

  /** The batch claimed and not stored yet, with its lease. */
  let held: { offers: readonly MarketOffer[]; leaseUntil: string } | undefined;

  const pass = async (stopping?: () => boolean): Promise<boolean> => {
    const now = clock.now();
    await marketOffers.enrolImported(now.toISOString(), timings.firstMs);
    if (stopping?.()) return false;
    const leaseUntil = at(now.getTime() + leaseMs);
    const claimed = await marketOffers.claimDue(now.toISOString(), leaseUntil, batch, capped(now.getTime()));
    if (claimed.length === 0) return false;
    held = { offers: claimed, leaseUntil };
    try {
      await look(claimed);
    } finally {
      held = undefined;
    }
    return true;
  };

  return {
    pass: Object.assign(pass, {
      async handBack() {
        if (held) await marketOffers.handBack(held.offers, held.leaseUntil, clock.now().toISOString());
      },
    }),
    async nextDueAt() {
      const next = await marketOffers.nextDueAt();
      const now = clock.now().getTime();
      // A shop at its limit waits for the next minute rather than being asked again at once.
      if (next === undefined || capped(now).length === 0) return next;
      return at(Math.max(Date.parse(next), (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS));
    },
  };
}
