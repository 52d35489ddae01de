import { type ServerResponse } from 'node:http';
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';
import {
  FAKE_CATEGORY_ID,
  FAKE_TYPE_ID,
  type FakeAttribute,
  type FakeValue,
  DEFAULT_ATTRIBUTES,
  categoryTree,
  defaultDictionaries,
  toWireAttribute,
} from './ozon-catalog.ts';
import { makeCardBook } from './ozon-cards.ts';
import { type PriceLedger, priceResult } from './ozon-price-rules.ts';
import { type StockBook, createdByImport, makeStockBook } from './ozon-stocks.ts';
import { type Moderation, answerAfterImport, makeModeration } from './ozon-moderation.ts';
import { type MarketPrices, makeMarketPrices } from './ozon-market-prices.ts';
import { type CopyBook, makeCopyBook } from './ozon-copies.ts';
import { type ImportPlan, type Item, type Limits, type Task, chargeQuota, importResult, minutesUntil, unlimited, videoProblem } from './ozon-products.ts';

export { categoryTree } from './ozon-catalog.ts';
export type { ImportOutcome, ImportPlan, Limits } from './ozon-products.ts';

/**
 * A fake Ozon Seller API speaking the real wire format (the Seller API's published schema, vendored in tests/reference/):
 * JSON POSTs with `Client-Id`/`Api-Key`, the `{code, message, details}` error body (an unknown key answers HTTP
 * 404 code 5), `/v1/roles`, the description-category methods, `/v3/product/import` within the daily quotas of
 * `/v4/product/info/limit` (over them: 429 with `Item-Retry-After` in minutes), `/v2/product/pictures/import`,
 * `/v1/product/import/prices` with its price rules (ozon-price-rules.ts), and `/v1/product/import/info` whose tasks stay `pending` for a planned number of
 * polls, and `/v3/product/info/list` by offer id (the cards those imports made). `/v1/product/pictures/import`
 * is switched off (since 2026-10-01).
 */
export type FakeOzon = FakeServer & {
  /** Accept this Client-Id/Api-Key pair (with the roles `/v1/roles` answers). */
  addKey(clientId: string, apiKey: string, methods?: readonly string[]): void;
  /** Applies to imports started from now on. */
  plan: ImportPlan;
  /** Every import and pictures request's items, by task id. */
  readonly tasks: Map<number, Task>;
  /** Every price update received, in order (refused ones too: see ozon-price-rules.ts). */
  readonly prices: Record<string, unknown>[];
  /** The fake's clock in ms (the hourly price limit reads it); tests move it instead of waiting. */
  now: () => number;
  /** The characteristics of the one creatable type (replace to test other rules, e.g. 40 attributes). */
  attributes: FakeAttribute[];
  /** Dictionary values by attribute id. */
  dictionaries: Map<number, FakeValue[]>;
  /** The quotas `/v4/product/info/limit` reports and imports count against. */
  limits: Limits;
  /** The next `count` requests get 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** The next `count` import requests get 429 with `Item-Retry-After` (minutes). */
  itemLimitNext(count: number, retryAfterMinutes: number): void;
  /** While down, every connection is cut without an answer. */
  down: boolean;
  /** What `/v1/roles` answers as the key's `expires_at`. */
  keyExpiresAt: string;
  /**
   * Per import request: answer it, make its cards but never answer (`hold`), make them and cut the connection
   * instead of answering (`cut`: a lost answer the client sees at once), or neither (`lose`); unset answers.
   */
  importHold: ((offerIds: string[]) => 'answer' | 'hold' | 'cut' | 'lose') | undefined;
  /** Ends the imports held so far (`hold`): answers each with its task id, late, or cuts its connection; answers how many. */
  releaseHeld(how: 'answer' | 'cut'): number;
  /** `/v1/product/import/info` of the tasks it picks is never answered (nor counted as a poll). */
  holdPolls: ((taskId: number) => boolean) | undefined;
  /** `/v3/product/info/list` requests it picks are never answered (nor recorded in `moderation.lookups`). */
  holdLookups: ((offerIds: string[]) => boolean) | undefined;
  /** Warehouses and stock (tests/fakes/ozon-stocks.ts). */
  readonly stockBook: StockBook;
  /** Moderation, stock seen on cards, the archive and deletes (ozon-moderation.ts). */
  readonly moderation: Moderation;
  /** Prices, commissions, indexes and content ratings as the marketplace sees them (ozon-market-prices.ts). */
  readonly priceBook: MarketPrices;
  /** `/v1/product/import-by-sku`: refused SKUs, the requests received, its own 429 (ozon-copies.ts). */
  readonly copies: CopyBook;
};

export const ALL_METHODS = [
  '/v1/roles',
  '/v3/product/import',
  '/v1/product/import/info',
  '/v1/description-category/tree',
  '/v1/description-category/attribute',
  '/v1/description-category/attribute/values',
  '/v1/description-category/attribute/values/search',
  '/v4/product/info/limit',
  '/v2/product/pictures/import',
  '/v1/product/import/prices',
  '/v3/product/info/list',
  '/v2/warehouse/list',
  '/v2/products/stocks',
  '/v1/product/archive',
  '/v1/product/unarchive',
  '/v2/products/delete',
  '/v5/product/info/prices',
  '/v1/product/rating-by-sku',
  '/v1/product/import-by-sku',
] as const;

const error = (response: ServerResponse, status: number, code: number, message: string): void => sendJson(response, status, { code, message, details: [] });

const json = (request: RecordedRequest): Record<string, unknown> | undefined => {
  try {
    const body: unknown = JSON.parse(request.body.toString('utf8'));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const imageCount = (item: Item): number => (Array.isArray(item.images) ? item.images.length : 0) + (item.primary_image ? 1 : 0);

export async function startFakeOzon(): Promise<FakeOzon> {
  const keys = new Map<string, { apiKey: string; methods: readonly string[] }>();
  const tasks = new Map<number, Task>();
  /** The cards made so far, by offer id: importing a known offer updates its card. */
  const cards = makeCardBook();
  const moderation = makeModeration();
  const priceBook = makeMarketPrices();
  const productOffers = () => new Map([...cards.offers].map(([offerId, productId]) => [productId, offerId]));
  const cardLookup = {
    offerOf: (productId: number) => productOffers().get(productId),
    card: (offerId: string) => cards.list([offerId], tasks).map((item) => moderation.decorate(item as Record<string, unknown>))[0],
    allOffers: () => cards.offers.keys(),
    get limits() {
      return fake.limits;
    },
  };
  let nextTaskId = 1_723_000_001;
  let throttled = { count: 0, retryAfter: 1 };
  let itemThrottled = { count: 0, minutes: 1 };
  /** Import requests held unanswered, until `releaseHeld`. */
  const heldImports: { response: ServerResponse; taskId: number }[] = [];
  /** When each offer's price was updated (at most 10 an hour). */
  const priceLedger: PriceLedger = new Map();
  const copies = makeCopyBook();
  const stockBook = makeStockBook({ isCreated: (offerId) => createdByImport(offerId, tasks) });

  const itemLimited = (response: ServerResponse, minutes: number): void =>
    sendJson(
      response,
      429,
      { code: 8, message: 'item_limit_exceeded', details: [] },
      { 'item-retry-after': String(minutes), 'item-rate-limit-remaining': '0' },
    );

  const startTask = (kind: Task['kind'], items: Item[]): number => {
    const taskId = nextTaskId++;
    const productIds = cards.assign(kind, taskId, items);
    tasks.set(taskId, { kind, items, polls: 0, plan: { ...fake.plan, declinedOffers: [...(fake.plan.declinedOffers ?? [])] }, productIds });
    return taskId;
  };

  const handle = (request: RecordedRequest, response: ServerResponse): void => {
    if (fake.down) {
      response.socket?.destroy();
      return;
    }
    if (throttled.count > 0) {
      throttled.count -= 1;
      return sendJson(
        response,
        429,
        { code: 8, message: 'You have reached request rate limit per second', details: [] },
        { 'retry-after': String(throttled.retryAfter) },
      );
    }
    const clientId = String(request.headers['client-id'] ?? '');
    if (!/^[1-9]\d*$/.test(clientId)) return error(response, 400, 3, 'Client-Id header value should be positive integer');
    const account = keys.get(clientId);
    if (!account || account.apiKey !== request.headers['api-key']) return error(response, 404, 5, 'Invalid Api-Key, please check the key and try again');
    const path = request.url.split('?')[0]!;
    if (request.method !== 'POST') return error(response, 405, 12, 'Method Not Allowed');
    const body = json(request);
    if (!body) return error(response, 400, 3, 'invalid request body');
    const language = String(body.language ?? 'DEFAULT');

    switch (path) {
      case '/v1/roles':
        return sendJson(response, 200, { expires_at: fake.keyExpiresAt, roles: [{ name: 'Admin', methods: account.methods }] });
      case '/v1/description-category/tree':
        return sendJson(response, 200, { result: categoryTree(language) });
      case '/v1/description-category/attribute':
        if (body.description_category_id !== FAKE_CATEGORY_ID || body.type_id !== FAKE_TYPE_ID)
          return error(response, 400, 3, 'description category or type not found');
        return sendJson(response, 200, { result: fake.attributes.map((attribute) => toWireAttribute(attribute, language)) });
      case '/v1/description-category/attribute/values': {
        const limit = Number(body.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 2000) return error(response, 400, 3, 'limit must be in [1, 2000]');
        const after = (fake.dictionaries.get(Number(body.attribute_id)) ?? []).filter((value) => value.id > Number(body.last_value_id ?? 0));
        return sendJson(response, 200, { result: after.slice(0, limit), has_next: after.length > limit });
      }
      case '/v1/description-category/attribute/values/search': {
        const value = String(body.value ?? '');
        if (value.length < 2) return error(response, 400, 3, 'value must be at least 2 characters');
        const limit = Math.min(Number(body.limit) || 100, 100);
        const values = fake.dictionaries.get(Number(body.attribute_id)) ?? [];
        return sendJson(response, 200, { result: values.filter((entry) => entry.value.toLowerCase().includes(value.toLowerCase())).slice(0, limit) });
      }
      case '/v4/product/info/limit':
        return sendJson(response, 200, fake.limits);
      case '/v3/product/import': {
        const items = Array.isArray(body.items) ? (body.items as Item[]) : [];
        if (items.length === 0 || items.length > 100) return error(response, 400, 3, 'items must contain 1 to 100 products');
        for (const item of items) {
          if (!item.description_category_id || !item.type_id) return error(response, 400, 3, 'description_category_id and type_id are required');
          if (imageCount(item) > 50) return error(response, 400, 3, 'too many images');
          const video = videoProblem(item);
          if (video) return error(response, 400, 3, video);
        }
        const hold = fake.importHold?.(items.map((item) => String(item.offer_id))) ?? 'answer';
        if (hold === 'lose') return; // never processed, never answered (the connection dies with its client)
        if (itemThrottled.count > 0) {
          itemThrottled.count -= 1;
          return itemLimited(response, itemThrottled.minutes);
        }
        const exceeded = chargeQuota(fake.limits, cards.offers, items);
        if (exceeded) return itemLimited(response, minutesUntil(exceeded.reset_at));
        const taskId = startTask('import', items);
        moderation.imported(items.map((item) => String(item.offer_id)));
        moderation.reviewed(items);
        priceBook.imported(items);
        if (hold === 'hold') return void heldImports.push({ response, taskId });
        if (hold === 'cut') return void response.socket?.destroy();
        return sendJson(response, 200, { result: { task_id: taskId } });
      }
      case '/v1/product/import-by-sku': {
        const answer = copies.take(body);
        if (answer.kind === 'refused') return error(response, answer.status, 3, answer.message);
        if (answer.kind === 'limited') return itemLimited(response, answer.minutes);
        // A copy makes a card as an import does (polled through /v1/product/import/info) and counts as a create.
        const exceeded = chargeQuota(fake.limits, cards.offers, answer.matched);
        if (exceeded) return itemLimited(response, minutesUntil(exceeded.reset_at));
        const taskId = answer.matched.length === 0 ? 0 : startTask('import', answer.matched);
        moderation.imported(answer.matched.map((item) => String(item.offer_id)));
        return sendJson(response, 200, { result: { task_id: taskId, unmatched_sku_list: answer.unmatched } });
      }
      case '/v2/product/pictures/import': {
        const items = Array.isArray(body.items) ? (body.items as Item[]) : [];
        if (items.length === 0 || items.length > 100) return error(response, 400, 3, 'items must contain 1 to 100 products');
        if (items.some((item) => typeof item.offer_id !== 'string' || imageCount(item) > 50))
          return error(response, 400, 3, 'offer_id is required; at most 50 images');
        return sendJson(response, 200, { task_id: startTask('pictures', items) });
      }
      case '/v1/product/import/prices': {
        const prices = Array.isArray(body.prices) ? (body.prices as Record<string, unknown>[]) : [];
        if (prices.length === 0 || prices.length > 1000) return error(response, 400, 3, 'prices must contain 1 to 1000 items');
        fake.prices.push(...prices);
        const result = prices.map((price) => priceResult(price, cards.offers.get(String(price.offer_id)), priceLedger, fake.now()));
        priceBook.priceSent(prices, result);
        return sendJson(response, 200, { result });
      }
      case '/v1/product/import/info': {
        const task = tasks.get(Number(body.task_id));
        if (!task) return error(response, 404, 5, 'task not found');
        if (fake.holdPolls?.(Number(body.task_id))) return;
        task.polls += 1;
        const items = importResult(task);
        return sendJson(response, 200, { result: { items, total: items.length } });
      }
      case '/v3/product/info/list': {
        const offerIds = Array.isArray(body.offer_id) ? body.offer_id.map(String) : [];
        if (offerIds.length > 1000) return error(response, 400, 3, 'at most 1000 identifiers');
        if (fake.holdLookups?.(offerIds)) return;
        moderation.lookups.push(offerIds);
        const listed = cards.list(offerIds, tasks) as Record<string, unknown>[];
        return sendJson(response, 200, { items: listed.filter((item) => !moderation.isDeleted(String(item.offer_id))).map(moderation.decorate) });
      }
      case '/v2/warehouse/list':
      case '/v2/products/stocks': {
        const answer = path === '/v2/warehouse/list' ? stockBook.warehouseList(body) : stockBook.updateStocks(clientId, body);
        // The cards show the stock the stock method set (has_stock, and so on sale), unless a test set it itself.
        if (path === '/v2/products/stocks') for (const [key, units] of stockBook.stocks) moderation.stock.set(key.split('|')[0]!, units);
        return answer.status === 0 ? undefined : sendJson(response, answer.status, answer.body, answer.headers);
      }
      default: {
        const answer = answerAfterImport(moderation, path, body, cardLookup) ?? priceBook.answer(path, body, cardLookup);
        if (answer) return sendJson(response, answer.status, answer.body);
        return error(response, 404, 5, 'Not Found');
      }
    }
  };

  const server = await startFakeServer(handle);
  const fake: FakeOzon = Object.assign(server, {
    addKey(clientId: string, apiKey: string, methods: readonly string[] = ALL_METHODS) {
      keys.set(clientId, { apiKey, methods });
    },
    plan: { pendingPolls: 1, outcome: 'imported' } as ImportPlan,
    tasks,
    prices: [] as Record<string, unknown>[],
    now: () => Date.now(),
    attributes: DEFAULT_ATTRIBUTES.map((attribute) => ({ ...attribute })),
    dictionaries: defaultDictionaries(),
    limits: unlimited(),
    rateLimitNext(count: number, retryAfterSeconds: number) {
      throttled = { count, retryAfter: retryAfterSeconds };
    },
    itemLimitNext(count: number, retryAfterMinutes: number) {
      itemThrottled = { count, minutes: retryAfterMinutes };
    },
    down: false,
    keyExpiresAt: '2027-02-18T09:54:23.296Z',
    importHold: undefined,
    releaseHeld(how: 'answer' | 'cut') {
      const released = heldImports.splice(0);
      for (const { response, taskId } of released) {
        if (how === 'cut') response.socket?.destroy();
        else sendJson(response, 200, { result: { task_id: taskId } });
      }
      return released.length;
    },
    holdPolls: undefined,
    holdLookups: undefined,
    stockBook,
    moderation,
    priceBook,
    copies,
  });
  return fake;
}
