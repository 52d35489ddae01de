import { type Item } from './ozon-products.ts';

/**
 * The fake marketplace's `/v1/product/import-by-sku` (docs/decisions.md, Follow-selling), shared by the fake Seller API
 * and its in-memory stand-in: copies of other sellers' cards by SKU, at most 100 a request. SKUs in `refused` come back
 * in `unmatched_sku_list` (their owner forbids copies); the others start a task polled like an import's, counted
 * against the daily create quota by the caller. `itemLimitNext` answers its own 429 with `Item-Retry-After`.
 */
export type CopyBook = {
  /** SKUs whose owners forbid copies. */
  readonly refused: Set<number>;
  /** Every request received, in order, with what it refused. */
  readonly requests: { readonly items: Item[]; readonly unmatched: number[] }[];
  /** The next `count` requests get 429 with `Item-Retry-After` (minutes). */
  itemLimitNext(count: number, minutes: number): void;
};

export type CopyAnswer =
  | { readonly kind: 'refused'; readonly status: number; readonly message: string }
  | { readonly kind: 'limited'; readonly minutes: number }
  | { readonly kind: 'accepted'; readonly matched: Item[]; readonly unmatched: number[] };

export function makeCopyBook(): CopyBook & { take(body: Record<string, unknown>): CopyAnswer } {
  let throttled = { count: 0, minutes: 1 };
  const book = {
    refused: new Set<number>(),
    requests: [] as { items: Item[]; unmatched: number[] }[],
    itemLimitNext(count: number, minutes: number) {
      throttled = { count, minutes };
    },
    /** Checks one request body as the marketplace does and decides what becomes of it. */
    take(body: Record<string, unknown>): CopyAnswer {
      const items = Array.isArray(body.items) ? (body.items as Item[]) : [];
      if (items.length === 0 || items.length > 100) return { kind: 'refused', status: 400, message: 'items must contain 1 to 100 products' };
      for (const item of items) {
        if (!Number.isSafeInteger(item.sku) || (item.sku as number) <= 0) return { kind: 'refused', status: 400, message: 'sku must be a positive integer' };
        if (typeof item.offer_id !== 'string' || item.offer_id === '' || item.offer_id.length > 50)
          return { kind: 'refused', status: 400, message: 'offer_id is required (at most 50 characters)' };
        if (typeof item.price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(item.price))
          return { kind: 'refused', status: 400, message: 'price must be a decimal string' };
      }
      if (throttled.count > 0) {
        throttled.count -= 1;
        return { kind: 'limited', minutes: throttled.minutes };
      }
      const unmatched = items.filter((item) => book.refused.has(item.sku as number)).map((item) => item.sku as number);
      book.requests.push({ items, unmatched });
      return { kind: 'accepted', matched: items.filter((item) => !book.refused.has(item.sku as number)), unmatched };
    },
  };
  return book;
}
