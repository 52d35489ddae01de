import { asFunction } from 'awilix';
import { type Logger } from 'pino';
import { makeCachedLookup } from '../../application/cached-lookup.ts';
import { makeCategoryRules } from '../../application/use-cases/category-rules.ts';
import { makeCheckPublish } from '../../application/publishing/check-publish.ts';
import { makeCreateShop } from '../../application/use-cases/create-shop.ts';
import { makeDeleteShop } from '../../application/use-cases/delete-shop.ts';
import { makeGetAttributeValues } from '../../application/use-cases/get-attribute-values.ts';
import { makeGetCategoryAttributes } from '../../application/use-cases/get-category-attributes.ts';
import { makeGetShopLimits } from '../../application/use-cases/get-shop-limits.ts';
import { makeGetShop } from '../../application/use-cases/get-shop.ts';
import { makeGetCategoryTree } from '../../application/use-cases/get-category-tree.ts';
import { makeGetPublishTask } from '../../application/publishing/get-publish-task.ts';
import { makeListPublishHistory } from '../../application/publishing/list-publish-history.ts';
import { makeListShops } from '../../application/use-cases/list-shops.ts';
import { makePollPublishTasks } from '../../application/publishing/poll-publish-tasks.ts';
import { makePreparePublication } from '../../application/publishing/prepare-publication.ts';
import { makePublicationDispatch } from '../../application/publishing/publication-dispatch.ts';
import { existingCardsOf } from '../../application/publishing/existing-cards.ts';
import { makeModelNameUsers } from '../../adapters/persistence/kysely-model-name-users.ts';
import { makePublishMany } from '../../application/publishing/publish-many.ts';
import { makeSendPublications } from '../../application/publishing/send-publications.ts';
import { makeSendWaiting } from '../../application/publishing/send-waiting.ts';
import { makePublishProduct } from '../../application/publishing/publish-product.ts';
import { makeShopAccess } from '../../application/shop-access.ts';
import { makeTestShop } from '../../application/use-cases/test-shop.ts';
import { makeUpdateShop } from '../../application/use-cases/update-shop.ts';
import { PRICE_SEND_LIMIT } from '../../domain/publishing/price-send-limit.ts';
import { makeListWarehouses } from '../../application/stock/list-warehouses.ts';
import { type OnRecordsTakenOver } from '../../application/publishing/publish-holds.ts';
import { auditBackgroundSends, auditPublishSent } from '../../application/publishing/publish-sent-audit.ts';
import { makeAesGcmSecretBox } from '../../adapters/crypto/aes-gcm-secret-box.ts';
import { categoryRoutes } from '../../adapters/http/routes/categories.ts';
import { publishRoutes } from '../../adapters/http/routes/publish.ts';
import { shopRoutes } from '../../adapters/http/routes/shops.ts';
import { makeOzonMarketplace } from '../../adapters/marketplace/ozon-marketplace.ts';
import { makePublishPoller } from '../../application/publishing/publish-poller.ts';
import { makeQueueDepths } from '../../adapters/persistence/kysely-queue-depths.ts';
import { makeKyselyCategoryCache } from '../../adapters/persistence/kysely-category-cache.ts';
import { makeKyselyPublishTaskRepository } from '../../adapters/persistence/kysely-publish-task-repository.ts';
import { makeKyselyShopRepository } from '../../adapters/persistence/kysely-shop-repository.ts';
import { type FeatureModule } from '../feature-module.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type MarketplaceRegistry } from '../registries/marketplace.ts';
import { type AccountsRegistry } from '../registries/accounts.ts';
import { type CatalogRegistry } from '../registries/catalog.ts';
import { type NotificationsRegistry } from '../registries/notifications.ts';
import { makeListPublishQueue, makeWithdrawFromQueue } from '../../application/publishing/publish-queue.ts';
import { publishQueueRoutes } from '../../adapters/http/routes/publish-queue.ts';
import { type MarketFollowRegistry } from '../registries/market-follow.ts';

/** A failure message safe for logs: the error's code and message, never request headers. */
const loggable = (error: unknown): { code?: unknown; message: string } => ({
  code: (error as { code?: unknown } | null)?.code,
  message: error instanceof Error ? error.message : String(error),
});

/** A sender held past PUBLISH_SEND_LEASE whose records another sender claimed writes nothing for them (issue 20). */
const warnTakenOver =
  (logger: Logger): OnRecordsTakenOver =>
  (event) =>
    logger.warn(event, 'publish records taken over by another sender after the send lease; their outcome is left to it');

type Deps = MarketplaceRegistry & CoreRegistry & AccountsRegistry & Pick<CatalogRegistry, 'pricingPolicy'> & NotificationsRegistry;

/** Shops, category lookups and publishing to the marketplace (issue 6). */
export const marketplaceModule: FeatureModule<
  MarketplaceRegistry,
  CoreRegistry & AccountsRegistry & Pick<CatalogRegistry, 'pricingPolicy'> & NotificationsRegistry
> = {
  name: 'marketplace',
  provide: () => ({
    // Counted per method (lws_marketplace_calls_total, _errors_total) when metrics are on.
    marketplace: asFunction(({ config, metrics }: Deps) => metrics.countCalls('marketplace', makeOzonMarketplace({ baseUrl: config.ozonApiUrl }))).singleton(),
    secretBox: asFunction(({ secrets, config }: Deps) => makeAesGcmSecretBox(secrets.secretKey, config.previousSecretKeys)).singleton(),
    shops: asFunction(({ db }: Deps) => makeKyselyShopRepository(db)).singleton(),
    publishTasks: asFunction(({ db }: Deps) => makeKyselyPublishTaskRepository(db)).singleton(),
    categoryCache: asFunction(({ db }: Deps) => makeKyselyCategoryCache(db)).singleton(),
    shopAccess: asFunction(({ shops, secretBox }: Deps) => makeShopAccess({ shops, secretBox })).singleton(),
    cachedLookup: asFunction(({ categoryCache, clock }: Deps) => makeCachedLookup({ categoryCache, clock })).singleton(),
    listShops: asFunction(({ shops }: Deps) => makeListShops({ shops })).singleton(),
    getShop: asFunction(({ shopAccess }: Deps) => makeGetShop({ shopAccess })).singleton(),
    getShopLimits: asFunction(({ shopAccess, marketplace }: Deps) => makeGetShopLimits({ shopAccess, marketplace })).singleton(),
    createShop: asFunction(({ shops, secretBox, clock, ids }: Deps) => makeCreateShop({ shops, secretBox, clock, ids })).singleton(),
    listWarehouses: asFunction(({ shopAccess, marketplace, categoryCache, clock, config }: Deps) =>
      makeListWarehouses({ shopAccess, marketplace, categoryCache, clock, ttlMs: config.stock.warehousesTtlMs }),
    ).singleton(),
    updateShop: asFunction((cradle: Deps) => {
      const { shops, secretBox, clock, listWarehouses } = cradle;
      return makeUpdateShop({
        ...{ shops, secretBox, clock, listWarehouses },
        // The market-follow feature (registered after this one) reads the shop's offers again against the new floor.
        onMarginFloorChanged: (shopId) =>
          (cradle as Deps & Partial<MarketFollowRegistry>).marketOffers?.shopDue(shopId, clock.now().toISOString()) ?? Promise.resolve(),
      });
    }).singleton(),
    deleteShop: asFunction(({ shops, publishTasks, webhookStore }: Deps) =>
      makeDeleteShop({ shops, publishTasks, onDeleted: (shopId) => webhookStore.deleteByShop(shopId) }),
    ).singleton(),
    testShop: asFunction(({ shops, shopAccess, marketplace, clock, shopWatch }: Deps) =>
      makeTestShop({ shops, shopAccess, marketplace, clock, onTested: shopWatch.checkKey }),
    ).singleton(),
    getCategoryTree: asFunction(({ shopAccess, marketplace, cachedLookup }: Deps) =>
      makeGetCategoryTree({ shopAccess, marketplace, cachedLookup }),
    ).singleton(),
    getCategoryAttributes: asFunction(({ shopAccess, marketplace, cachedLookup }: Deps) =>
      makeGetCategoryAttributes({ shopAccess, marketplace, cachedLookup }),
    ).singleton(),
    getAttributeValues: asFunction(({ shopAccess, marketplace }: Deps) => makeGetAttributeValues({ shopAccess, marketplace })).singleton(),
    categoryRules: asFunction(({ marketplace, cachedLookup, clock }: Deps) => makeCategoryRules({ marketplace, cachedLookup, clock })).singleton(),
    preparePublication: asFunction(({ assets, objectStore, shopAccess, categoryRules, pricingPolicy }: Deps) =>
      makePreparePublication({ assets, objectStore, shopAccess, categoryRules, minPricePercent: pricingPolicy.defaults.min_price_percent ?? null }),
    ).singleton(),
    checkPublish: asFunction(({ products, shopAccess, preparePublication, db }: Deps) =>
      makeCheckPublish({ products, shopAccess, preparePublication, modelNameUsers: makeModelNameUsers(db) }),
    ).singleton(),
    sendPublications: asFunction((cradle: Deps) => {
      const { marketplace, shopAccess, clock, publishTasks, config, shopWatch } = cradle;
      return makeSendPublications({
        marketplace,
        shopAccess,
        clock,
        firstPollMs: config.publishPoll.firstMs,
        onCreateQuota: shopWatch.createQuota,
        // The market-follow feature (registered after this one) reads accepted prices again (docs/decisions.md, Real margin).
        onPricesAccepted: (shopId, offerIds) =>
          (cradle as Deps & Partial<MarketFollowRegistry>).marketOffers?.pricesAccepted(shopId, offerIds, clock.now().toISOString()) ?? Promise.resolve(),
        publishTasks,
        priceSendLimit: { perWindow: PRICE_SEND_LIMIT.perWindow, windowMs: config.publishPoll.priceWindowMs },
      });
    }).singleton(),
    listPublishQueue: asFunction(({ publishTasks, products, shops, clock, config }: Deps) =>
      makeListPublishQueue({ publishTasks, products, shops, clock, sendLeaseMs: config.publishPoll.sendLeaseMs }),
    ).singleton(),
    withdrawFromQueue: asFunction(({ publishTasks, products, shops, clock, config }: Deps) =>
      makeWithdrawFromQueue({ publishTasks, products, shops, clock, sendLeaseMs: config.publishPoll.sendLeaseMs }),
    ).singleton(),
    publicationDispatch: asFunction(
      ({ products, publishTasks, preparePublication, sendPublications, ids, clock, publishPoller, auditLog, config, logger, marketplace, shopAccess }: Deps) =>
        makePublicationDispatch({
          products,
          publishTasks,
          preparePublication,
          sendPublications,
          ids,
          clock,
          sendLeaseMs: config.publishPoll.sendLeaseMs,
          onRecords: async (records, actor) => {
            publishPoller.wake();
            await auditPublishSent(auditLog, records, actor);
          },
          onTakenOver: warnTakenOver(logger),
          existingCards: existingCardsOf(marketplace, shopAccess),
        }),
    ).singleton(),
    publishProduct: asFunction(({ products, shopAccess, publicationDispatch }: Deps) =>
      makePublishProduct({ products, shopAccess, publicationDispatch }),
    ).singleton(),
    publishMany: asFunction(({ shopAccess, publicationDispatch }: Deps) => makePublishMany({ shopAccess, publicationDispatch })).singleton(),
    sendWaiting: asFunction(
      ({ shops, products, publishTasks, preparePublication, sendPublications, marketplace, shopAccess, clock, ids, config, logger, auditLog }: Deps) =>
        makeSendWaiting({
          shops,
          products,
          publishTasks,
          preparePublication,
          sendPublications,
          marketplace,
          shopAccess,
          clock,
          ids,
          claimLeaseMs: config.publishPoll.sendLeaseMs,
          settleMs: config.publishPoll.sendSettleMs,
          firstPollMs: config.publishPoll.firstMs,
          onTakenOver: warnTakenOver(logger),
          // Every import that went out leaves one row, the background's sends and lost sends found later included.
          onSent: auditBackgroundSends(auditLog),
        }),
    ).singleton(),
    getPublishTask: asFunction(({ publishTasks }: Deps) => makeGetPublishTask({ publishTasks })).singleton(),
    listPublishHistory: asFunction(({ products, publishTasks }: Deps) => makeListPublishHistory({ products, publishTasks })).singleton(),
    pollPublishTasks: asFunction(({ publishTasks, products, shopAccess, marketplace, clock, sendWaiting, logger, config, pricingPolicy, ids }: Deps) =>
      makePollPublishTasks({
        sendWaiting,
        leaseMs: config.publishPoll.leaseMs,
        firstPollMs: config.publishPoll.firstMs,
        publishTasks,
        products,
        shopAccess,
        marketplace,
        clock,
        onPollError: ({ taskId, error }) => logger.warn({ taskId, ...loggable(error) }, 'publish poll failed; will retry'),
        ...(pricingPolicy.defaults.min_price_percent === undefined || pricingPolicy.defaults.min_price_percent === null ? {} : { minPriceFollowUp: { ids } }),
      }),
    ).singleton(),
    publishPoller: asFunction(({ pollPublishTasks, publishTasks, logger, config }: Deps) =>
      makePublishPoller({
        pollPublishTasks,
        publishTasks,
        maxSleepMs: config.publishPoll.idleMs,
        stopWaitMs: WORKER_STOP_WAIT_MS,
        onError: (error) => logger.error(loggable(error), 'publish poller pass failed'),
      }),
    ).singleton(),
  }),
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c: Deps) => [
    shopRoutes({
      listShops: c.listShops,
      getShop: c.getShop,
      getShopLimits: c.getShopLimits,
      createShop: c.createShop,
      updateShop: c.updateShop,
      deleteShop: c.deleteShop,
      testShop: c.testShop,
    }),
    categoryRoutes({ getCategoryTree: c.getCategoryTree, getCategoryAttributes: c.getCategoryAttributes, getAttributeValues: c.getAttributeValues }),
    publishQueueRoutes({ listPublishQueue: c.listPublishQueue, withdrawFromQueue: c.withdrawFromQueue }),
    publishRoutes({
      publishProduct: c.publishProduct,
      publishMany: c.publishMany,
      checkPublish: c.checkPublish,
      getPublishTask: c.getPublishTask,
      listPublishHistory: c.listPublishHistory,
    }),
  ],
  workers: (cradle: Deps) => ({ publishing: cradle.publishPoller }),
  gauges: ({ db }: Deps) => {
    const depths = makeQueueDepths(db);
    return {
      publish_records_waiting: { help: 'Publish records waiting for quota (not sent yet)', read: () => depths.publishRecords('waiting_quota') },
      publish_records_polling: { help: 'Publish records sent whose import result is not known yet', read: () => depths.publishRecords('pending') },
    };
  },
};
