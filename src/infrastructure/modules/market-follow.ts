import { asFunction } from 'awilix';
import { type CreatedOffer } from '../../application/ports/offers-created.ts';
import { makeMarketActions } from '../../application/publishing/market-actions.ts';
import { makeMarketSweep } from '../../application/publishing/market-sweep.ts';
import { makeMarketWatch } from '../../application/publishing/market-watch.ts';
import { makeRepriceToMargin } from '../../application/publishing/reprice-to-margin.ts';
import { makeGetProductMarket } from '../../application/publishing/market-view.ts';
import { makePublishPoller } from '../../application/publishing/publish-poller.ts';
import { marketRoutes } from '../../adapters/http/routes/market.ts';
import { makeKyselyMarketOffers } from '../../adapters/persistence/kysely-market-offers.ts';
import { makeQueueDepths } from '../../adapters/persistence/kysely-queue-depths.ts';
import { type FeatureModule } from '../feature-module.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type MarketFollowRegistry } from '../registries/market-follow.ts';
import { type MarketplaceRegistry } from '../registries/marketplace.ts';
import { type StockRegistry } from '../registries/stock.ts';
import { type NotificationsRegistry } from '../registries/notifications.ts';
import { type CatalogRegistry } from '../registries/catalog.ts';

type Deps = MarketFollowRegistry & MarketplaceRegistry & CoreRegistry & StockRegistry & NotificationsRegistry & CatalogRegistry;

const loggable = (error: unknown): { code?: unknown; message: string } => ({
  code: (error as { code?: unknown } | null)?.code,
  message: error instanceof Error ? error.message : String(error),
});

/** Offers followed after their import: the moderation sweep, market states, archive and delete on the marketplace (issue 31). */
export const marketFollowModule: FeatureModule<
  MarketFollowRegistry,
  MarketplaceRegistry & CoreRegistry & StockRegistry & NotificationsRegistry & CatalogRegistry
> = {
  name: 'market-follow',
  provide: () => ({
    marketOffers: asFunction(({ db }: Deps) => makeKyselyMarketOffers(db)).singleton(),
    // Offers reported created get their stock sent (docs/decisions.md, Stock), per shop, the card's id beside each.
    offersCreated: asFunction(({ queueStockForCreatedOffers }: Deps) => ({
      offersCreated: async (offers: readonly CreatedOffer[]) => {
        const byShop = new Map<string, CreatedOffer[]>();
        for (const offer of offers) byShop.set(offer.shop_id, [...(byShop.get(offer.shop_id) ?? []), offer]);
        for (const [shopId, group] of byShop)
          await queueStockForCreatedOffers(
            shopId,
            group.map((offer) => ({ offer_id: offer.offer_id, product_id: Number(offer.marketplace_product_id) || null })),
          );
      },
    })).singleton(),
    marketSweep: asFunction((cradle: Deps) =>
      makeMarketSweep({
        marketOffers: cradle.marketOffers,
        shopAccess: cradle.shopAccess,
        marketplace: cradle.marketplace,
        // Looked up at each call: the stock feature (or a test) may register its own after the sweep was made.
        offersCreated: { offersCreated: (offers) => cradle.offersCreated.offersCreated(offers) },
        clock: cradle.clock,
        notifier: cradle.notifier,
        watch: makeMarketWatch({
          marketplace: cradle.marketplace,
          products: cradle.products,
          clock: cradle.clock,
          recheckMs: cradle.config.marketSweep.recheckMs,
          notifier: cradle.notifier,
        }),
        timings: cradle.config.marketSweep,
        leaseMs: cradle.config.publishPoll.leaseMs,
        onError: ({ shopId, error }) => cradle.logger.warn({ shopId, ...loggable(error) }, 'market sweep look failed; will look again'),
      }),
    ).singleton(),
    marketSweeper: asFunction(({ marketSweep, config, logger }: Deps) =>
      makePublishPoller({
        pollPublishTasks: marketSweep.pass,
        publishTasks: { nextPollAt: marketSweep.nextDueAt },
        maxSleepMs: config.publishPoll.idleMs,
        stopWaitMs: WORKER_STOP_WAIT_MS,
        onError: (error) => logger.error(loggable(error), 'market sweep pass failed'),
      }),
    ).singleton(),
    repriceToMargin: asFunction((c: Deps) =>
      makeRepriceToMargin({
        ...{ unitOfWork: c.unitOfWork, marketOffers: c.marketOffers, policy: c.pricingPolicy, getFxRate: c.getFxRate },
        ...{ repriceProduct: c.repriceProduct, publishMany: c.publishMany, clock: c.clock },
      }),
    ).singleton(),
    getProductMarket: asFunction(({ products, marketOffers }: Deps) => makeGetProductMarket({ products, marketOffers })).singleton(),
    marketActions: asFunction(({ marketOffers, shopAccess, marketplace, clock, config }: Deps) =>
      makeMarketActions({ marketOffers, shopAccess, marketplace, clock, firstMs: config.marketSweep.firstMs }),
    ).singleton(),
  }),
  protectedRoutes: (c: Deps) => [marketRoutes({ getProductMarket: c.getProductMarket, marketActions: c.marketActions })],
  workers: (cradle: Deps) => ({ marketSweep: cradle.marketSweeper }),
  gauges: ({ db, clock }: Deps) => ({
    market_checks_due: {
      help: 'Offers on the marketplace due for a moderation/state check by the sweep',
      read: () => makeQueueDepths(db).dueMarketChecks(clock.now().toISOString()),
    },
  }),
};
