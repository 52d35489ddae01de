import { type AwilixContainer, asFunction } from 'awilix';
import { type Logger } from 'pino';
import { type CategoryCache } from '../../application/ports/category-cache.ts';
import { type Marketplace } from '../../application/ports/marketplace.ts';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type SecretBox } from '../../application/ports/secret-box.ts';
import { type ShopRepository } from '../../application/ports/shop-repository.ts';
import { type CachedLookup, makeCachedLookup } from '../../application/cached-lookup.ts';
import { type CategoryRules, makeCategoryRules } from '../../application/use-cases/category-rules.ts';
import { type CheckPublish, makeCheckPublish } from '../../application/use-cases/check-publish.ts';
import { type CreateShop, makeCreateShop } from '../../application/use-cases/create-shop.ts';
import { type DeleteShop, makeDeleteShop } from '../../application/use-cases/delete-shop.ts';
import { type GetAttributeValues, makeGetAttributeValues } from '../../application/use-cases/get-attribute-values.ts';
import { type GetCategoryAttributes, makeGetCategoryAttributes } from '../../application/use-cases/get-category-attributes.ts';
import { type GetShopLimits, makeGetShopLimits } from '../../application/use-cases/get-shop-limits.ts';
import { type GetShop, makeGetShop } from '../../application/use-cases/get-shop.ts';
import { type GetCategoryTree, makeGetCategoryTree } from '../../application/use-cases/get-category-tree.ts';
import { type GetPublishTask, makeGetPublishTask } from '../../application/use-cases/get-publish-task.ts';
import { type ListPublishHistory, makeListPublishHistory } from '../../application/use-cases/list-publish-history.ts';
import { type ListShops, makeListShops } from '../../application/use-cases/list-shops.ts';
import { type PollPublishTasks, makePollPublishTasks } from '../../application/use-cases/poll-publish-tasks.ts';
import { type PreparePublication, makePreparePublication } from '../../application/use-cases/prepare-publication.ts';
import { type PublicationDispatch, makePublicationDispatch } from '../../application/use-cases/publication-dispatch.ts';
import { type PublishMany, makePublishMany } from '../../application/use-cases/publish-many.ts';
import { type SendPublications, makeSendPublications } from '../../application/use-cases/send-publications.ts';
import { type SendWaiting, makeSendWaiting } from '../../application/use-cases/send-waiting.ts';
import { type PublishProduct, makePublishProduct } from '../../application/use-cases/publish-product.ts';
import { type ShopAccess, makeShopAccess } from '../../application/shop-access.ts';
import { type TestShop, makeTestShop } from '../../application/use-cases/test-shop.ts';
import { type UpdateShop, makeUpdateShop } from '../../application/use-cases/update-shop.ts';
import { type OnRecordsTakenOver } from '../../application/publish-holds.ts';
import { auditPublishSent } from '../../application/publish-sent-audit.ts';
import { makeAesGcmSecretBox } from '../../adapters/crypto/aes-gcm-secret-box.ts';
import { categoryRoutes } from '../../adapters/http/routes/categories.ts';
import { publishRoutes } from '../../adapters/http/routes/publish.ts';
import { shopRoutes } from '../../adapters/http/routes/shops.ts';
import { makeOzonMarketplace } from '../../adapters/marketplace/ozon-marketplace.ts';
import { type PublishPoller, makePublishPoller } from '../../adapters/marketplace/publish-poller.ts';
import { makeKyselyCategoryCache } from '../../adapters/persistence/kysely-category-cache.ts';
import { makeKyselyPublishTaskRepository } from '../../adapters/persistence/kysely-publish-task-repository.ts';
import { makeKyselyShopRepository } from '../../adapters/persistence/kysely-shop-repository.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
export type MarketplaceRegistry = {
  marketplace: Marketplace;
  secretBox: SecretBox;
  shops: ShopRepository;
  publishTasks: PublishTaskRepository;
  categoryCache: CategoryCache;
  shopAccess: ShopAccess;
  cachedLookup: CachedLookup;
  listShops: ListShops;
  getShop: GetShop;
  getShopLimits: GetShopLimits;
  createShop: CreateShop;
  updateShop: UpdateShop;
  deleteShop: DeleteShop;
  testShop: TestShop;
  getCategoryTree: GetCategoryTree;
  getCategoryAttributes: GetCategoryAttributes;
  getAttributeValues: GetAttributeValues;
  categoryRules: CategoryRules;
  preparePublication: PreparePublication;
  checkPublish: CheckPublish;
  sendPublications: SendPublications;
  publicationDispatch: PublicationDispatch;
  publishProduct: PublishProduct;
  publishMany: PublishMany;
  sendWaiting: SendWaiting;
  getPublishTask: GetPublishTask;
  listPublishHistory: ListPublishHistory;
  pollPublishTasks: PollPublishTasks;
  publishPoller: PublishPoller;
};

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

/** Shops, category lookups and publishing to the marketplace (issue 6). */
export const marketplaceModule: FeatureModuleOf = {
  name: 'marketplace',
  register(container: AwilixContainer<Cradle>) {
    container.register({
      marketplace: asFunction(({ config }: Cradle) => makeOzonMarketplace({ baseUrl: config.ozonApiUrl })).singleton(),
      secretBox: asFunction(({ secrets, config }: Cradle) => makeAesGcmSecretBox(secrets.secretKey, config.previousSecretKeys)).singleton(),
      shops: asFunction(({ db }: Cradle) => makeKyselyShopRepository(db)).singleton(),
      publishTasks: asFunction(({ db }: Cradle) => makeKyselyPublishTaskRepository(db)).singleton(),
      categoryCache: asFunction(({ db }: Cradle) => makeKyselyCategoryCache(db)).singleton(),
      shopAccess: asFunction(({ shops, secretBox }: Cradle) => makeShopAccess({ shops, secretBox })).singleton(),
      cachedLookup: asFunction(({ categoryCache, clock }: Cradle) => makeCachedLookup({ categoryCache, clock })).singleton(),
      listShops: asFunction(({ shops }: Cradle) => makeListShops({ shops })).singleton(),
      getShop: asFunction(({ shopAccess }: Cradle) => makeGetShop({ shopAccess })).singleton(),
      getShopLimits: asFunction(({ shopAccess, marketplace }: Cradle) => makeGetShopLimits({ shopAccess, marketplace })).singleton(),
      createShop: asFunction(({ shops, secretBox, clock, ids }: Cradle) => makeCreateShop({ shops, secretBox, clock, ids })).singleton(),
      updateShop: asFunction(({ shops, secretBox, clock }: Cradle) => makeUpdateShop({ shops, secretBox, clock })).singleton(),
      deleteShop: asFunction(({ shops, publishTasks }: Cradle) => makeDeleteShop({ shops, publishTasks })).singleton(),
      testShop: asFunction(({ shops, shopAccess, marketplace, clock }: Cradle) => makeTestShop({ shops, shopAccess, marketplace, clock })).singleton(),
      getCategoryTree: asFunction(({ shopAccess, marketplace, cachedLookup }: Cradle) =>
        makeGetCategoryTree({ shopAccess, marketplace, cachedLookup }),
      ).singleton(),
      getCategoryAttributes: asFunction(({ shopAccess, marketplace, cachedLookup }: Cradle) =>
        makeGetCategoryAttributes({ shopAccess, marketplace, cachedLookup }),
      ).singleton(),
      getAttributeValues: asFunction(({ shopAccess, marketplace }: Cradle) => makeGetAttributeValues({ shopAccess, marketplace })).singleton(),
      categoryRules: asFunction(({ marketplace, cachedLookup, clock }: Cradle) => makeCategoryRules({ marketplace, cachedLookup, clock })).singleton(),
      preparePublication: asFunction(({ assets, objectStore, shopAccess, categoryRules }: Cradle) =>
        makePreparePublication({ assets, objectStore, shopAccess, categoryRules }),
      ).singleton(),
      checkPublish: asFunction(({ products, shopAccess, preparePublication }: Cradle) =>
        makeCheckPublish({ products, shopAccess, preparePublication }),
      ).singleton(),
      sendPublications: asFunction(({ marketplace, shopAccess, clock }: Cradle) => makeSendPublications({ marketplace, shopAccess, clock })).singleton(),
      publicationDispatch: asFunction(
        ({ products, publishTasks, preparePublication, sendPublications, ids, clock, publishPoller, auditLog, config, logger }: Cradle) =>
          makePublicationDispatch({
            products,
            publishTasks,
            preparePublication,
            sendPublications,
            ids,
            clock,
            sendLeaseMs: config.publishPoll.sendLeaseMs,
            onRecords: async (records) => {
              publishPoller.wake();
              await auditPublishSent(auditLog, records);
            },
            onTakenOver: warnTakenOver(logger),
          }),
      ).singleton(),
      publishProduct: asFunction(({ products, shopAccess, publicationDispatch }: Cradle) =>
        makePublishProduct({ products, shopAccess, publicationDispatch }),
      ).singleton(),
      publishMany: asFunction(({ shopAccess, publicationDispatch }: Cradle) => makePublishMany({ shopAccess, publicationDispatch })).singleton(),
      sendWaiting: asFunction(
        ({ shops, products, publishTasks, preparePublication, sendPublications, marketplace, shopAccess, clock, ids, config, logger }: Cradle) =>
          makeSendWaiting({
            ...{ shops, products, publishTasks, preparePublication, sendPublications, marketplace, shopAccess, clock, ids },
            ...{ claimLeaseMs: config.publishPoll.sendLeaseMs, settleMs: config.publishPoll.sendSettleMs, onTakenOver: warnTakenOver(logger) },
          }),
      ).singleton(),
      getPublishTask: asFunction(({ publishTasks }: Cradle) => makeGetPublishTask({ publishTasks })).singleton(),
      listPublishHistory: asFunction(({ products, publishTasks }: Cradle) => makeListPublishHistory({ products, publishTasks })).singleton(),
      pollPublishTasks: asFunction(({ publishTasks, products, shopAccess, marketplace, clock, sendWaiting, logger, config }: Cradle) =>
        makePollPublishTasks({
          sendWaiting,
          leaseMs: config.publishPoll.leaseMs,
          publishTasks,
          products,
          shopAccess,
          marketplace,
          clock,
          onPollError: ({ taskId, error }) => logger.warn({ taskId, ...loggable(error) }, 'publish poll failed; will retry'),
        }),
      ).singleton(),
      publishPoller: asFunction(({ pollPublishTasks, publishTasks, logger, config }: Cradle) =>
        makePublishPoller({
          pollPublishTasks,
          publishTasks,
          maxSleepMs: config.publishPoll.idleMs,
          onError: (error) => logger.error(loggable(error), 'publish poller pass failed'),
        }),
      ).singleton(),
    });
  },
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c: Cradle) => [
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
    publishRoutes({
      publishProduct: c.publishProduct,
      publishMany: c.publishMany,
      checkPublish: c.checkPublish,
      getPublishTask: c.getPublishTask,
      listPublishHistory: c.listPublishHistory,
    }),
  ],
  start: (cradle: Cradle) => cradle.publishPoller.start(),
  stop: (cradle: Cradle) => cradle.publishPoller.stop(),
};
