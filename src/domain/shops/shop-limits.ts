/** A daily or total counter of `/v4/product/info/limit`; `limit` −1 means no limit. */
export type QuotaCounter = { readonly limit: number; readonly usage: number; readonly reset_at: string | null };

/** The marketplace's product quotas of one shop (docs/decisions.md, Publishing). */
export type ShopLimits = {
  readonly daily_create: QuotaCounter;
  readonly daily_update: QuotaCounter;
  readonly total: { readonly limit: number; readonly usage: number };
};

/** What may still be used of a counter (Infinity without a limit). */
export const remainingOf = (counter: { readonly limit: number; readonly usage: number }): number =>
  counter.limit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, counter.limit - counter.usage);

/** New cards the shop may still create today: the daily quota and the assortment total, whichever is lower. */
export const createsLeft = (limits: ShopLimits): number => Math.min(remainingOf(limits.daily_create), remainingOf(limits.total));
