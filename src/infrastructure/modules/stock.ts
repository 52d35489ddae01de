import { asFunction } from 'awilix';
import { makeLeaseTimer } from '../../application/lease-timer.ts';
import { makeQueueStockForCreatedOffers } from '../../application/stock/offers-created.ts';
import { makeRequeueProductStock } from '../../application/stock/stock-queue.ts';
import { makeSendStock } from '../../application/stock/send-stock.ts';
import { makeSetSaleStock, makeSetStock } from '../../application/stock/set-stock.ts';
import { makeGetProductStock } from '../../application/stock/product-stock.ts';
import { stockRoutes } from '../../adapters/http/routes/stock.ts';
import { makeKyselyStockSends } from '../../adapters/persistence/kysely-stock-sends.ts';
import { makeQueueDepths } from '../../adapters/persistence/kysely-queue-depths.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type MarketFollowRegistry } from '../registries/market-follow.ts';
import { type MarketplaceRegistry } from '../registries/marketplace.ts';
import { type StockRegistry } from '../registries/stock.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';

type Deps = StockRegistry & CoreRegistry & MarketplaceRegistry;

const loggable = (error: unknown): { message: string } => ({ message: error instanceof Error ? error.message : String(error) });

/** Warehouses and stock on the marketplace (issue 31): the durable stock sends, their sender, and the trigger the moderation sweep calls. */
export const stockModule: FeatureModule<StockRegistry, CoreRegistry & MarketplaceRegistry> = {
  name: 'stock',
  provide: () => {
    // The earliest a shop's request window frees a slot, from the sender's last pass: the worker wakes then too.
    let rateWakeAt: string | undefined;
    return {
      stockSends: asFunction(({ db }: Deps) => makeKyselyStockSends(db)).singleton(),
      queueStockForCreatedOffers: asFunction(({ products, shops, stockSends, clock, stockSender }: Deps) =>
        makeQueueStockForCreatedOffers({ products, shops, stockSends, clock, onQueued: () => stockSender.nudge() }),
      ).singleton(),
      requeueProductStock: asFunction(({ products, shops, stockSends, clock, stockSender }: Deps) =>
        makeRequeueProductStock({ products, shops, stockSends, clock, onQueued: () => stockSender.nudge() }),
      ).singleton(),
      setStock: asFunction(({ products, shopAccess, listWarehouses, stockSends, requeueProductStock, clock, stockSender }: Deps) =>
        makeSetStock({ products, shopAccess, listWarehouses, stockSends, requeueProductStock, clock, onQueued: () => stockSender.nudge() }),
      ).singleton(),
      setSaleStock: asFunction(({ products, requeueProductStock, clock }: Deps) => makeSetSaleStock({ products, requeueProductStock, clock })).singleton(),
      getProductStock: asFunction(({ products, stockSends }: Deps) => makeGetProductStock({ products, stockSends })).singleton(),
      sendStock: asFunction((cradle: Deps) => {
        const { stockSends, marketplace, shopAccess, clock, ids, config } = cradle;
        return makeSendStock({
          ...{ stockSends, marketplace, shopAccess, clock, ids, timing: config.stock },
          // The market-follow feature (registered after this one) looks at an offer with new stock after the first-look
          // wait, so one whose moderation ended shows on sale then, not a recheck (a day) later.
          onSent: (shopId, offerIds) =>
            (cradle as Deps & Partial<MarketFollowRegistry>).marketOffers?.stockSent(
              shopId,
              offerIds,
              new Date(clock.now().getTime() + config.marketSweep.firstMs).toISOString(),
            ) ?? Promise.resolve(),
        });
      }).singleton(),
      stockSender: asFunction(({ sendStock, stockSends, logger, config }: Deps) =>
        makeLeaseTimer({
          sender: {
            runOnce: async () => {
              const pass = await sendStock.runOnce();
              rateWakeAt = pass.wakeAt;
              return pass;
            },
            handBack: () => sendStock.handBack(),
          },
          nextDue: async () => {
            const due = await stockSends.nextDueAt();
            return (rateWakeAt !== undefined && (due === undefined || rateWakeAt < due) ? rateWakeAt : due) ?? null;
          },
          idleMs: config.stock.idleMs,
          stopWaitMs: WORKER_STOP_WAIT_MS,
          onError: (error) => logger.error(loggable(error), 'stock sender pass failed'),
        }),
      ).singleton(),
    };
  },
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c: Deps) => [stockRoutes({ listWarehouses: c.listWarehouses, setStock: c.setStock, getProductStock: c.getProductStock })],
  workers: (cradle: Deps) => ({ stock: cradle.stockSender }),
  gauges: ({ db }: Deps) => ({
    stock_sends_pending: { help: 'Stock pairs waiting to be sent to the marketplace', read: makeQueueDepths(db).pendingStockSends },
  }),
};
