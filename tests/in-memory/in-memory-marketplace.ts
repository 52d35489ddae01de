import { type Marketplace, type MarketplaceCredentials } from '../../src/application/ports/marketplace.ts';
import { DomainError } from '../../src/domain/common/errors.ts';
import { ItemQuotaExceeded } from '../../src/domain/publishing/publish-quota.ts';
import { type ImportError, type ImportResultItem } from '../../src/domain/publishing/publish-task.ts';
import { missingMethods } from '../../src/domain/shops/shop.ts';
import { ALL_METHODS, type FakeOzon } from '../fakes/ozon.ts';
import { makeCardBook } from '../fakes/ozon-cards.ts';
import { type Item, type Task, chargeQuota, importResult, minutesUntil, unlimited, videoProblem } from '../fakes/ozon-products.ts';
import { readCards } from '../../src/adapters/marketplace/ozon-cards.ts';
import { type PriceLedger, priceResult } from '../fakes/ozon-price-rules.ts';
import { toCopyItem, toImportItem, toPicturesItem, toPriceItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { type CopyBook, makeCopyBook } from '../fakes/ozon-copies.ts';
import { readStockResults, readWarehouses, stocksBody } from '../../src/adapters/marketplace/ozon-stock-wire.ts';
import { type StockBook, createdByImport, makeStockBook } from '../fakes/ozon-stocks.ts';

import { readCardInfos, readContentRatings, readDeleted, readMarketPrices, unarchiveRefusal } from '../../src/adapters/marketplace/ozon-market-wire.ts';
import { OzonHttpError } from '../../src/adapters/marketplace/ozon-errors.ts';
import { type Moderation, answerAfterImport, makeModeration } from '../fakes/ozon-moderation.ts';
import { type MarketPrices, makeMarketPrices } from '../fakes/ozon-market-prices.ts';

/** What a test steers and reads, named and shaped as on the fake Seller API (tests/fakes/ozon.ts). */
export type MarketplaceControl = Pick<FakeOzon, 'addKey' | 'plan' | 'tasks' | 'prices' | 'limits' | 'itemLimitNext' | 'down' | 'keyExpiresAt' | 'copies'>;
export type InMemoryMarketplace = Marketplace &
  MarketplaceControl & {
    readonly calls: string[];
    readonly stockBook: StockBook;
    readonly moderation: Moderation;
    readonly priceBook: MarketPrices;
    readonly copies: CopyBook;
  };

/** The Ozon adapter's failures, as it reports them (src/adapters/marketplace/ozon-errors.ts). */
const answered = (status: number, text: string) => new DomainError('upstream_failed', 'MARKETPLACE_ERROR', `Ozon 接口返回错误（HTTP ${status}）：${text}`);
const unreachable = () => new DomainError('upstream_failed', 'MARKETPLACE_UNREACHABLE', '无法连接 Ozon 接口，请检查网络后重试');
/** Not part of the stand-in: unit tests give a use case its CategoryRules. */
const notHere = (): Promise<never> => Promise.reject(new Error('the in-memory marketplace has no category methods'));

const asItems = (items: readonly unknown[]): Item[] => JSON.parse(JSON.stringify(items)) as Item[];
const imageCount = (item: Item): number => (Array.isArray(item.images) ? item.images.length : 0) + (item.primary_image ? 1 : 0);
/** The fields the adapter reads off a result item (the wire carries more). */
const ERROR_FIELDS = ['code', 'message', 'level', 'state', 'description', 'field', 'attribute_id', 'attribute_name'] as const;
const toResult = ({ offer_id, product_id, status, errors }: ImportResultItem): ImportResultItem => ({
  ...{ offer_id, product_id, status },
  errors: errors.map((error) => Object.fromEntries(ERROR_FIELDS.map((key) => [key, error[key]])) as unknown as ImportError),
});

/**
 * A stand-in for the Ozon adapter over the fake Seller API, without HTTP (cards mapped to the wire by the adapter's own mapping): the same publishing answers (imports
 * within the daily quotas, tasks pending for the planned polls, pictures, prices (with their rules), cards by offer id, key checks,
 * the marketplace down), the same controls as the fake, and `calls` naming each method called. It passes
 * tests/contract/marketplace-publishing.contract.ts as the adapter does. Quota times count from `now()`.
 */
export function makeInMemoryMarketplace(now: () => number = Date.now): InMemoryMarketplace {
  const keys = new Map<string, { apiKey: string; methods: readonly string[] }>();
  /** The cards made so far, by offer id: importing a known offer updates its card. */
  const cards = makeCardBook(now);
  const moderation = makeModeration(now);
  const priceBook = makeMarketPrices();
  const calls: string[] = [];
  let nextTaskId = 1_723_000_001;
  let itemThrottled = { count: 0, minutes: 1 };
  /** When each offer's price was updated (at most 10 an hour, as on the fake). */
  const priceLedger: PriceLedger = new Map();

  /** The checks every call passes first, as the fake's front door makes them. */
  const enter = (method: string, { clientId, apiKey }: MarketplaceCredentials): void => {
    calls.push(method);
    if (standIn.down) throw unreachable();
    if (!/^[1-9]\d*$/.test(clientId)) throw answered(400, 'Client-Id header value should be positive integer');
    if (keys.get(clientId)?.apiKey !== apiKey) throw answered(404, 'Invalid Api-Key, please check the key and try again');
  };

  const startTask = (kind: Task['kind'], items: Item[]): string => {
    const taskId = nextTaskId++;
    const productIds = cards.assign(kind, taskId, items);
    standIn.tasks.set(taskId, { kind, items, polls: 0, plan: { ...standIn.plan, declinedOffers: [...(standIn.plan.declinedOffers ?? [])] }, productIds });
    return String(taskId);
  };

  /** An answer of the stock book as the adapter reports it: a 429 it cannot wait out, a refusal, or the body. */
  const stockAnswer = ({ status, body }: { status: number; body: unknown }): unknown => {
    if (status === 429) throw new DomainError('upstream_failed', 'MARKETPLACE_RATE_LIMITED', 'Ozon 接口限流，请稍后重试');
    if (status !== 200) throw answered(status, String((body as { message?: unknown }).message));
    return body;
  };

  /** The archive methods as the fake answers them, failures mapped as the adapter maps them. */
  const afterImport = async (method: string, credentials: MarketplaceCredentials, path: string, body: Record<string, unknown>): Promise<unknown> => {
    enter(method, credentials);
    const lookup = {
      offerOf: (productId: number) => [...cards.offers].find(([, id]) => id === productId)?.[0],
      card: (offerId: string) => (cards.list([offerId], standIn.tasks) as Record<string, unknown>[]).map(moderation.decorate)[0],
      allOffers: () => cards.offers.keys(),
      limits: standIn.limits,
    };
    const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
    const answer = (answerAfterImport(moderation, path, copy, lookup) ?? priceBook.answer(path, copy, lookup))!;
    if (answer.status >= 300) {
      const message = String((answer.body as { message?: unknown }).message);
      throw unarchiveRefusal(new OzonHttpError(answer.status, null, message)) ?? answered(answer.status, message);
    }
    return answer.body;
  };

  const copies = makeCopyBook();
  const standIn: InMemoryMarketplace = {
    calls,
    copies,
    stockBook: makeStockBook({ now, isCreated: (offerId) => createdByImport(offerId, standIn.tasks) }),
    moderation,
    priceBook,
    addKey: (clientId, apiKey, methods = ALL_METHODS) => void keys.set(clientId, { apiKey, methods }),
    plan: { pendingPolls: 1, outcome: 'imported' },
    tasks: new Map(),
    prices: [],
    limits: unlimited(now()),
    itemLimitNext: (count, minutes) => void (itemThrottled = { count, minutes }),
    down: false,
    keyExpiresAt: '2027-02-18T09:54:23.296Z',

    async testCredentials(credentials) {
      try {
        enter('testCredentials', credentials);
      } catch (error) {
        const message = error instanceof DomainError ? error.detail : '';
        if (/Client-Id/.test(message)) return { ok: false, reason: 'INVALID_CLIENT_ID', detail: `Client-Id 不正确（平台信息：${message}）` };
        if (/Api-Key/.test(message)) return { ok: false, reason: 'INVALID_API_KEY', detail: `API Key 无效，请检查后重新填写（平台信息：${message}）` };
        throw error;
      }
      const roles = [{ name: 'Admin', methods: keys.get(credentials.clientId)!.methods }];
      const missing = missingMethods(roles);
      if (missing.length > 0) return { ok: false, reason: 'MISSING_PERMISSIONS', detail: `API Key 缺少所需的接口权限：${missing.join('、')}` };
      return { ok: true, roles: ['Admin'], expires_at: new Date(standIn.keyExpiresAt).toISOString() };
    },

    ...{ categoryTree: notHere, categoryAttributes: notHere, attributeValues: notHere, searchAttributeValues: notHere },

    async importProducts(credentials, sent) {
      enter('importProducts', credentials);
      const items = asItems(sent.map(toImportItem));
      if (items.length === 0 || items.length > 100) throw answered(400, 'items must contain 1 to 100 products');
      for (const item of items) {
        if (!item.description_category_id || !item.type_id) throw answered(400, 'description_category_id and type_id are required');
        if (imageCount(item) > 50) throw answered(400, 'too many images');
        const video = videoProblem(item);
        if (video) throw answered(400, video);
      }
      if (itemThrottled.count > 0) {
        itemThrottled.count -= 1;
        throw new ItemQuotaExceeded(itemThrottled.minutes * 60_000);
      }
      const exceeded = chargeQuota(standIn.limits, cards.offers, items);
      if (exceeded) throw new ItemQuotaExceeded(minutesUntil(exceeded.reset_at, now()) * 60_000);
      const taskId = startTask('import', items);
      moderation.imported(items.map((item) => String(item.offer_id)));
      priceBook.imported(items as unknown as Record<string, unknown>[]);
      return { taskId };
    },

    async importBySku(credentials, sent) {
      enter('importBySku', credentials);
      const answer = copies.take({ items: asItems(sent.map(toCopyItem)) });
      if (answer.kind === 'refused') throw answered(answer.status, answer.message);
      if (answer.kind === 'limited') throw new ItemQuotaExceeded(answer.minutes * 60_000);
      const exceeded = chargeQuota(standIn.limits, cards.offers, answer.matched);
      if (exceeded) throw new ItemQuotaExceeded(minutesUntil(exceeded.reset_at, now()) * 60_000);
      const taskId = answer.matched.length === 0 ? null : startTask('import', answer.matched);
      moderation.imported(answer.matched.map((item) => String(item.offer_id)));
      return { taskId, unmatchedSkus: answer.unmatched };
    },

    async importPictures(credentials, sent) {
      enter('importPictures', credentials);
      const items = asItems(sent.map(toPicturesItem));
      if (items.length === 0 || items.length > 100) throw answered(400, 'items must contain 1 to 100 products');
      if (items.some((item) => typeof item.offer_id !== 'string' || imageCount(item) > 50)) throw answered(400, 'offer_id is required; at most 50 images');
      return { taskId: startTask('pictures', items) };
    },

    async importPrices(credentials, prices) {
      enter('importPrices', credentials);
      if (prices.length === 0 || prices.length > 1000) throw answered(400, 'prices must contain 1 to 1000 items');
      const sent = asItems(prices.map(toPriceItem)) as Record<string, unknown>[];
      standIn.prices.push(...sent);
      const results = sent.map((price) => priceResult(price, cards.offers.get(String(price.offer_id)), priceLedger, now()));
      priceBook.priceSent(sent, results);
      return results;
    },

    async productLimits(credentials) {
      enter('productLimits', credentials);
      const { daily_create, daily_update, total, operation_limits } = standIn.limits;
      const counter = ({ limit, usage, reset_at }: typeof daily_create) => ({ limit, usage, reset_at: new Date(reset_at).toISOString() });
      return {
        daily_create: counter(daily_create),
        daily_update: counter(daily_update),
        operation_limits: operation_limits ? { ...operation_limits } : null,
        total: { limit: total.limit, usage: total.usage, quota_by_category: total.quota_by_category ? [{ ...total.quota_by_category }] : [] },
      };
    },

    async importInfo(credentials, taskId) {
      enter('importInfo', credentials);
      const task = standIn.tasks.get(Number(taskId));
      if (!task) throw answered(404, 'task not found');
      task.polls += 1;
      return (importResult(task) as ImportResultItem[]).map(toResult);
    },

    async cardsByOffer(credentials, offerIds) {
      enter('cardsByOffer', credentials);
      return readCards({ items: cards.list(offerIds, standIn.tasks) });
    },

    async warehouses(credentials) {
      enter('warehouses', credentials);
      return readWarehouses(stockAnswer(standIn.stockBook.warehouseList({ limit: 200 }))).warehouses;
    },

    async updateStocks(credentials, items) {
      enter('updateStocks', credentials);
      return readStockResults(
        stockAnswer(standIn.stockBook.updateStocks(credentials.clientId, JSON.parse(JSON.stringify(stocksBody(items))) as Record<string, unknown>)),
      );
    },
    async cardInfos(credentials, offerIds) {
      enter('cardInfos', credentials);
      if (offerIds.length > 1000) throw answered(400, 'at most 1000 identifiers');
      moderation.lookups.push([...offerIds]);
      const listed = cards.list(offerIds, standIn.tasks) as Record<string, unknown>[];
      return readCardInfos({ items: listed.filter((item) => !moderation.isDeleted(String(item.offer_id))).map(moderation.decorate) });
    },

    marketPrices: async (credentials, offerIds) =>
      readMarketPrices(
        await afterImport('marketPrices', credentials, '/v5/product/info/prices', { filter: { offer_id: offerIds, visibility: 'ALL' }, limit: 1000 }),
      ),
    contentRatings: async (credentials, skus) => readContentRatings(await afterImport('contentRatings', credentials, '/v1/product/rating-by-sku', { skus })),

    archiveProducts: (credentials, productIds) =>
      afterImport('archiveProducts', credentials, '/v1/product/archive', { product_id: productIds }).then(() => undefined),

    unarchiveProducts: (credentials, productIds) =>
      afterImport('unarchiveProducts', credentials, '/v1/product/unarchive', { product_id: productIds }).then(() => undefined),

    deleteProducts: async (credentials, offerIds) =>
      readDeleted(await afterImport('deleteProducts', credentials, '/v2/products/delete', { products: offerIds.map((offer_id) => ({ offer_id })) })),
  };
  return standIn;
}
