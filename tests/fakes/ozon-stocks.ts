import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { type Task, importResult } from './ozon-products.ts';

/**
 * The fake marketplace's warehouses and stock (`/v2/warehouse/list`, `/v2/products/stocks`), with the limits and
 * per-pair errors the marketplace documents: 100 pairs a request, `perWindow` requests per window and Client-Id (else
 * HTTP 429), one pair once per `pairIntervalMs` (else `TOO_MANY_REQUESTS` in the pair's errors), stock only on a card
 * that is created (else `product_is_not_created`), bulky (КГТ) products only on КГТ warehouses and the others never
 * there. Every request body is checked against the document (tests/reference/ozon-openapi-after-import.json): a body
 * that does not fit is answered 400 and kept in `schemaViolations`, so any test using the fake checks the wire.
 */
export type FakeWarehouse = { warehouse_id: number; name: string; is_rfbs: boolean; is_kgt: boolean; status: string };

export const FAKE_WAREHOUSES: readonly FakeWarehouse[] = [
  { warehouse_id: 22_142_605_386_000, name: 'Москва FBS', is_rfbs: false, is_kgt: false, status: 'created' },
  { warehouse_id: 22_142_605_386_001, name: 'Москва КГТ', is_rfbs: false, is_kgt: true, status: 'created' },
  { warehouse_id: 22_142_605_386_002, name: 'Казань rFBS', is_rfbs: true, is_kgt: false, status: 'created' },
];

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

const DOCUMENT = path.resolve(import.meta.dirname, '../reference/ozon-openapi-after-import.json');
let validators: Map<string, Validate> | undefined;
/** The document's request schema of a method, compiled once per process. */
function requestValidator(schema: string): Validate {
  if (!validators) validators = new Map();
  let validate = validators.get(schema);
  if (!validate) {
    // The document marks some properties `"required": true` (Swagger 2 style), which JSON Schema does not know: dropped.
    const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'), (key, value: unknown) => (key === 'required' && !Array.isArray(value) ? undefined : value)) as {
      components: unknown;
    };
    validate = new Ajv({ strict: false, allErrors: true, logger: false }).compile({ $ref: `#/components/schemas/${schema}`, components: document.components });
    validators.set(schema, validate);
  }
  return validate;
}

const refused = (message: string): Answer => ({ status: 400, body: { code: 3, message, details: [] } });

/** Whether the offer's newest import made its card (the fake's cards are created once their import is `imported`). */
export function createdByImport(offerId: string, tasks: ReadonlyMap<number, Task>): boolean {
  const imports = [...tasks.values()].filter((task) => task.kind === 'import');
  for (let i = imports.length - 1; i >= 0; i--) {
    const task = imports[i]!;
    const index = task.items.findIndex((item) => String(item.offer_id) === offerId);
    if (index >= 0) return (importResult(task)[index] as { status: string }).status === 'imported';
  }
  return false;
}

export function makeStockBook(options: { now?: () => number; isCreated: (offerId: string) => boolean }) {
  const requestTimes = new Map<string, number[]>();
  const lastUpdate = new Map<string, number>();
  const book = {
    warehouses: FAKE_WAREHOUSES.map((warehouse) => ({ ...warehouse })) as FakeWarehouse[],
    /** Offers the marketplace counts as bulky (КГТ). */
    kgtOffers: new Set<string>(),
    /** The stock of each pair the marketplace took (`<offer_id>|<warehouse_id>`). */
    stocks: new Map<string, number>(),
    /** Every pair received, in order, with its answer's first error code (none = taken). */
    received: [] as { offer_id: string; warehouse_id: number; stock: number; error?: string }[],
    /** `/v2/products/stocks` requests answered, and those refused with 429 for the per-minute limit. */
    stockRequests: 0,
    /** The pairs of each request answered, in order. */
    requestSizes: [] as number[],
    refusedForRate: 0,
    schemaViolations: [] as string[],
    perWindow: 80,
    windowMs: 60_000,
    pairIntervalMs: 30_000,
    /** The marketplace's clock (tests move it instead of waiting). */
    now: options.now ?? Date.now,
    /** While true, stock requests are taken (their values applied) but never answered: a send whose answer is lost. */
    holdAnswers: false,
    /** Overrides whether an offer's card is created (unset: the card book decides). */
    created: undefined as ((offerId: string) => boolean) | undefined,

    warehouseList(body: Record<string, unknown>): Answer {
      if (!requestValidator('v2WarehouseListV2Request')(body)) return book.violation('/v2/warehouse/list', body);
      const limit = Number(body.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return refused('limit must be in [1, 200]');
      const start = body.cursor ? Number(body.cursor) : 0;
      const page = book.warehouses.slice(start, start + limit);
      const more = start + limit < book.warehouses.length;
      return { status: 200, body: { warehouses: page, cursor: more ? String(start + limit) : '', has_next: more } };
    },

    updateStocks(clientId: string, body: Record<string, unknown>): Answer {
      if (!requestValidator('productv2ProductsStocksRequest')(body)) return book.violation('/v2/products/stocks', body);
      const stocks = body.stocks as { offer_id?: string; product_id: number; stock: number; warehouse_id: number }[];
      if (stocks.length === 0 || stocks.length > 100) return refused('stocks must contain 1 to 100 items');
      const at = book.now();
      const recent = (requestTimes.get(clientId) ?? []).filter((time) => time > at - book.windowMs);
      if (recent.length >= book.perWindow) {
        book.refusedForRate += 1;
        requestTimes.set(clientId, recent);
        return { status: 429, body: { code: 8, message: 'You have reached request rate limit per minute', details: [] }, headers: { 'retry-after': '1' } };
      }
      requestTimes.set(clientId, [...recent, at]);
      book.stockRequests += 1;
      book.requestSizes.push(stocks.length);
      const result = stocks.map((pair) => {
        const offerId = String(pair.offer_id ?? '');
        const key = `${offerId}|${pair.warehouse_id}`;
        const warehouse = book.warehouses.find((candidate) => candidate.warehouse_id === pair.warehouse_id);
        const kgt = book.kgtOffers.has(offerId);
        const code = !warehouse
          ? 'WAREHOUSE_NOT_FOUND'
          : !(book.created ?? options.isCreated)(offerId)
            ? 'product_is_not_created'
            : pair.stock >= 1_000_000
              ? 'STOCK_TOO_BIG'
              : kgt && !warehouse.is_kgt
                ? 'OVER_MAX_OVH_NON_KGT'
                : !kgt && warehouse.is_kgt
                  ? 'NON_KGT_ON_KGT_WAREHOUSE'
                  : at - (lastUpdate.get(key) ?? Number.NEGATIVE_INFINITY) < book.pairIntervalMs
                    ? 'TOO_MANY_REQUESTS'
                    : undefined;
        book.received.push({ offer_id: offerId, warehouse_id: pair.warehouse_id, stock: pair.stock, ...(code ? { error: code } : {}) });
        if (!code) {
          book.stocks.set(key, pair.stock);
          lastUpdate.set(key, at);
        }
        return {
          warehouse_id: pair.warehouse_id,
          product_id: pair.product_id,
          offer_id: offerId,
          updated: !code,
          errors: code ? [{ code, message: code === 'TOO_MANY_REQUESTS' ? 'Stock is updated too frequently' : code }] : [],
        };
      });
      // Status 0: taken, never answered (the connection dies with its client).
      return { status: book.holdAnswers ? 0 : 200, body: { result } };
    },

    violation(method: string, body: unknown): Answer {
      book.schemaViolations.push(`${method}: ${JSON.stringify(body).slice(0, 300)}`);
      return refused('request does not match the schema');
    },
  };
  return book;
}

export type StockBook = ReturnType<typeof makeStockBook>;
