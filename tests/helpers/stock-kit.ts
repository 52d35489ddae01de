import { randomUUID } from 'node:crypto';
import { makeAesGcmSecretBox } from '../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { makeRateLimiter } from '../../src/adapters/marketplace/rate-limiter.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeKyselyShopRepository } from '../../src/adapters/persistence/kysely-shop-repository.ts';
import { makeKyselyStockSends } from '../../src/adapters/persistence/kysely-stock-sends.ts';
import { makeShopAccess, shopKeyContext } from '../../src/application/shop-access.ts';
import { makeQueueStockForCreatedOffers } from '../../src/application/stock/offers-created.ts';
import { makeRequeueProductStock } from '../../src/application/stock/stock-queue.ts';
import { makeSendStock, type StockTiming } from '../../src/application/stock/send-stock.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { newShop } from '../../src/domain/shops/shop.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { type TestDatabase, type TestDatabaseHandle } from './databases.ts';
import { publishableProduct } from './publishable-product.ts';

export const STOCK_KEY = '5a1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
export const WAREHOUSE = FAKE_WAREHOUSES[0]!.warehouse_id;
export const KGT_WAREHOUSE = FAKE_WAREHOUSES[1]!.warehouse_id;
/** The marketplace's own intervals: the clock moves instead of the test waiting. */
export const TIMING: StockTiming = { pairIntervalMs: 30_000, rateWindowMs: 60_000, leaseMs: 120_000, retryMs: 30_000 };

/**
 * The stock feature over a real database and the fake Seller API, with one clock for both that tests move by hand
 * (no real waits): the trigger, the requeue after an edit and the sender's pass, each as the container wires them.
 */
export async function startStockKit(database: TestDatabase, options: { defaultStock?: number; warehouse?: number | null } = {}) {
  const handle: TestDatabaseHandle = await database.open();
  const ozon: FakeOzon = await startFakeOzon();
  ozon.addKey('777001', STOCK_KEY);
  let nowMs = Date.parse('2026-11-27T10:00:00.000Z');
  ozon.stockBook.now = () => nowMs;
  const created = new Set<string>();
  ozon.stockBook.created = (offerId) => created.has(offerId);
  const clock = { now: () => new Date(nowMs) };
  const ids = { uuid: () => randomUUID() };
  const secretBox = makeAesGcmSecretBox('stock-kit-secret-key-0123456789abcdef');
  const products = makeKyselyProductRepository(handle.db);
  const shops = makeKyselyShopRepository(handle.db);
  const stockSends = makeKyselyStockSends(handle.db);
  const shopAccess = makeShopAccess({ shops, secretBox });
  const shopId = randomUUID();
  const shop = newShop(
    {
      id: shopId,
      name: 'Stock shop',
      client_id: '777001',
      api_key_sealed: secretBox.seal(STOCK_KEY, shopKeyContext(shopId)),
      api_key_last4: '5c6d',
      currency_code: 'RUB',
    },
    clock.now().toISOString(),
  );
  await shops.insert({
    ...shop,
    status: 'active',
    default_warehouse_id: options.warehouse === undefined ? WAREHOUSE : options.warehouse,
    default_stock: options.defaultStock ?? 20,
  });
  // The stock requests cross the wire: the fake checks every body against the document.
  // Its per-second spacing and Retry-After pauses run on the same hand-moved clock.
  const limiter = makeRateLimiter({ perSecond: 1_000, now: () => nowMs, sleep: async () => {} });
  const marketplace = makeOzonMarketplace({ baseUrl: ozon.url, maxRetryWaitMs: 50, limiter });
  const deps = { products, shops, stockSends, clock };
  const sender = makeSendStock({ stockSends, marketplace, shopAccess, clock, ids, timing: TIMING });
  return {
    handle,
    ozon,
    shopId,
    products,
    shops,
    stockSends,
    clock,
    created,
    advance: (ms: number) => void (nowMs += ms),
    queueCreated: makeQueueStockForCreatedOffers(deps),
    requeue: makeRequeueProductStock(deps),
    send: sender.runOnce,
    /** A second sender (another instance) over the same database. */
    secondSender: () => makeSendStock({ stockSends, marketplace, shopAccess, clock, ids, timing: TIMING }).runOnce,
    async close() {
      await ozon.close();
      await handle.dispose();
    },
  };
}

export type StockKit = Awaited<ReturnType<typeof startStockKit>>;

/** A published product without variants, its card id known. */
export async function publishedSingle(kit: StockKit, offerId: string, saleStock: number | null = null): Promise<Product> {
  const product: Product = {
    ...publishableProduct({ id: randomUUID(), offer_id: offerId }),
    stage: 'published',
    marketplace_product_id: String(900_000 + Math.floor(Math.random() * 99_999)),
    sale_stock: saleStock,
  };
  await kit.products.insert(product);
  return product;
}

/** A published product of variants: `stocks` are their collected stocks (null = unknown). */
export async function publishedVariants(kit: StockKit, offerId: string, stocks: readonly (number | null)[]): Promise<Product> {
  const product: Product = {
    ...publishableProduct({ id: randomUUID(), offer_id: offerId }),
    stage: 'published',
    variants: stocks.map((stock, index) =>
      newVariant({
        id: randomUUID(),
        seq: index + 1,
        label_zh: `颜色${index + 1}`,
        offer_id: `${offerId}-${index + 1}`,
        stock,
        marketplace_product_id: String(800_000 + index),
      }),
    ),
  };
  await kit.products.insert(product);
  return product;
}

/** Marks offers created on the fake and tells the service, as the moderation sweep does. */
export async function created(kit: StockKit, offerIds: readonly string[]) {
  for (const offerId of offerIds) kit.created.add(offerId);
  return kit.queueCreated(
    kit.shopId,
    offerIds.map((offer_id) => ({ offer_id })),
  );
}
