import { request } from 'undici';
import { type Marketplace, type MarketplaceCredentials } from '../../application/ports/marketplace.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { ItemQuotaExceeded } from '../../domain/publishing/publish-quota.ts';
import { missingMethods } from '../../domain/shops/shop.ts';
import { OzonHttpError, rejectionOutcome, toDomainError } from './ozon-errors.ts';
import { readCards } from './ozon-cards.ts';
import { toCopyItem, toImportItem, toPicturesItem, toPriceItem } from './ozon-import-item.ts';
import { readStockResults, readWarehouses, stocksBody } from './ozon-stock-wire.ts';
import { readBoolean, readCardInfos, readContentRatings, readDeleted, readMarketPrices, unarchiveRefusal } from './ozon-market-wire.ts';
import {
  badResponse,
  isObj,
  readAttributes,
  readError,
  readHasNext,
  readImportInfo,
  readLimits,
  readCopyResult,
  readPriceResults,
  readRoles,
  readTaskId,
  readTree,
  readValues,
  str,
} from './ozon-wire.ts';
import { type RateLimiter, makeRateLimiter } from './rate-limiter.ts';

export type OzonMarketplaceOptions = {
  /** `config.ozonApiUrl`, without a trailing slash. */
  readonly baseUrl: string;
  /** Calls per second and Client-Id; the marketplace allows 50 for all methods together. */
  readonly perSecond?: number;
  /** The longest Retry-After we wait out inside one call; longer ones fail the call with 502. */
  readonly maxRetryWaitMs?: number;
  readonly timeoutMs?: number;
  readonly limiter?: RateLimiter;
};

/** The category tree is a few megabytes; anything far beyond is refused. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
const RATE_LIMIT_RETRIES = 3;

/** Retry-After as seconds or an HTTP date; a missing or odd value means one second. */
function retryAfterMs(header: string | string[] | undefined, now: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return 1_000;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1_000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1_000 : Math.max(0, date - now);
}

/** `Item-Retry-After` is in minutes; a missing or odd value means one minute. */
function itemRetryAfterMs(header: string | string[] | undefined): number {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value > 0 ? value * 60_000 : 60_000;
}

async function readBody(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw badResponse('响应过大');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The shop is paused by an earlier Retry-After longer than one call may wait. */
const rateLimited = (message: string): DomainError =>
  new DomainError('upstream_failed', 'MARKETPLACE_RATE_LIMITED', `Ozon 接口限流，请稍后重试${message ? `（平台信息：${message}）` : ''}`);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Ozon Seller API over undici: every method is a JSON POST with `Client-Id`/`Api-Key` headers, spaced per
 * Client-Id below the marketplace's 50 requests/s, and a 429 waits out its Retry-After (the whole shop pauses).
 * Failures become 502 DomainErrors carrying the marketplace's message; the key never appears in one.
 */
export function makeOzonMarketplace({ baseUrl, perSecond = 40, maxRetryWaitMs = 10_000, timeoutMs = 30_000, limiter }: OzonMarketplaceOptions): Marketplace {
  const gate = limiter ?? makeRateLimiter({ perSecond });

  async function call(credentials: MarketplaceCredentials, path: string, body: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      if (!(await gate.take(credentials.clientId, maxRetryWaitMs))) throw rateLimited('');
      const response = await request(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'client-id': credentials.clientId, 'api-key': credentials.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await readBody(response.body);
      if (response.statusCode === 429 && response.headers['item-retry-after'] !== undefined) {
        // Items over the per-minute or daily limit: minutes to hours, not something one call waits out.
        throw new ItemQuotaExceeded(itemRetryAfterMs(response.headers['item-retry-after']));
      }
      if (response.statusCode === 429) {
        const wait = retryAfterMs(response.headers['retry-after'], Date.now());
        gate.pause(credentials.clientId, wait);
        if (attempt >= RATE_LIMIT_RETRIES || wait > maxRetryWaitMs) throw rateLimited(readError(text).message);
        await sleep(wait);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const error = readError(text);
        throw new OzonHttpError(response.statusCode, error.code, error.message);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw badResponse('不是 JSON');
      }
    }
  }

  /** Runs a call and maps every failure to a DomainError. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toDomainError(error);
    }
  };

  return {
    async testCredentials(credentials) {
      try {
        const { roles, expiresAt } = readRoles(await call(credentials, '/v1/roles', {}));
        const missing = missingMethods(roles);
        if (missing.length > 0) return { ok: false, reason: 'MISSING_PERMISSIONS', detail: `API Key 缺少所需的接口权限：${missing.join('、')}` };
        return { ok: true, roles: roles.map((role) => role.name), expires_at: expiresAt };
      } catch (error) {
        const rejected = rejectionOutcome(error);
        if (rejected) return rejected;
        throw toDomainError(error);
      }
    },

    categoryTree: (credentials, language) => guarded(async () => readTree(await call(credentials, '/v1/description-category/tree', { language }))),

    categoryAttributes: (credentials, { categoryId, typeId, language }) =>
      guarded(async () =>
        readAttributes(await call(credentials, '/v1/description-category/attribute', { description_category_id: categoryId, type_id: typeId, language })),
      ),

    attributeValues: (credentials, scope, page) =>
      guarded(async () => {
        const body = await call(credentials, '/v1/description-category/attribute/values', {
          attribute_id: scope.attributeId,
          description_category_id: scope.categoryId,
          type_id: scope.typeId,
          language: scope.language,
          limit: page.limit,
          last_value_id: page.lastValueId,
        });
        return { values: readValues(body), hasNext: readHasNext(body) };
      }),

    searchAttributeValues: (credentials, scope, query, limit) =>
      guarded(async () =>
        readValues(
          await call(credentials, '/v1/description-category/attribute/values/search', {
            attribute_id: scope.attributeId,
            description_category_id: scope.categoryId,
            type_id: scope.typeId,
            value: query,
            limit,
          }),
        ),
      ),

    // `min_price` is not a field of the import item (the schema's v3ImportProductsRequestItem): toImportItem leaves it out, it goes with prices only.
    importProducts: (credentials, cards) =>
      guarded(async () => ({ taskId: readTaskId(await call(credentials, '/v3/product/import', { items: cards.map(toImportItem) })) })),

    importBySku: (credentials, cards) =>
      guarded(async () => readCopyResult(await call(credentials, '/v1/product/import-by-sku', { items: cards.map(toCopyItem) }))),

    importPictures: (credentials, cards) =>
      guarded(async () => ({ taskId: readTaskId(await call(credentials, '/v2/product/pictures/import', { items: cards.map(toPicturesItem) })) })),

    importPrices: (credentials, prices) =>
      guarded(async () => readPriceResults(await call(credentials, '/v1/product/import/prices', { prices: prices.map(toPriceItem) }))),

    productLimits: (credentials) => guarded(async () => readLimits(await call(credentials, '/v4/product/info/limit', {}))),

    importInfo: (credentials, taskId) => guarded(async () => readImportInfo(await call(credentials, '/v1/product/import/info', { task_id: Number(taskId) }))),

    cardsByOffer: (credentials, offerIds) => guarded(async () => readCards(await call(credentials, '/v3/product/info/list', { offer_id: offerIds }))),

    warehouses: (credentials) =>
      guarded(async () => {
        const all = [];
        // Pages of 200 (the document's most); a shop has a handful, so 50 pages is a broken cursor, not a shop.
        let cursor: string | undefined;
        for (let page = 0; page < 50; page++) {
          const read = readWarehouses(await call(credentials, '/v2/warehouse/list', { limit: 200, ...(cursor ? { cursor } : {}) }));
          all.push(...read.warehouses);
          cursor = read.cursor;
          if (!cursor) break;
        }
        return all;
      }),

    updateStocks: (credentials, items) => guarded(async () => readStockResults(await call(credentials, '/v2/products/stocks', stocksBody(items)))),
    cardInfos: (credentials, offerIds) => guarded(async () => readCardInfos(await call(credentials, '/v3/product/info/list', { offer_id: offerIds }))),

    marketPrices: (credentials, offerIds) =>
      guarded(async () => {
        // One page holds all ≤ 1000 offers asked; the cursor is followed anyway, bounded, should the marketplace page them.
        const all = [];
        let cursor = '';
        for (let page = 0; page < 10; page++) {
          const body = await call(credentials, '/v5/product/info/prices', { filter: { offer_id: offerIds, visibility: 'ALL' }, limit: 1000, cursor });
          all.push(...readMarketPrices(body));
          cursor = isObj(body) ? str(body.cursor) : '';
          if (!cursor || all.length >= offerIds.length) break;
        }
        return all;
      }),

    contentRatings: (credentials, skus) => guarded(async () => readContentRatings(await call(credentials, '/v1/product/rating-by-sku', { skus }))),

    archiveProducts: (credentials, productIds) =>
      guarded(async () => readBoolean(await call(credentials, '/v1/product/archive', { product_id: productIds.map(Number) }), '归档')),

    unarchiveProducts: (credentials, productIds) =>
      guarded(async () => {
        try {
          readBoolean(await call(credentials, '/v1/product/unarchive', { product_id: productIds.map(Number) }), '恢复');
        } catch (error) {
          throw unarchiveRefusal(error) ?? error;
        }
      }),

    deleteProducts: (credentials, offerIds) =>
      guarded(async () => readDeleted(await call(credentials, '/v2/products/delete', { products: offerIds.map((offer_id) => ({ offer_id })) }))),
  };
}
