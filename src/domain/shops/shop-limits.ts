/** A daily or total counter of `/v4/product/info/limit`; `limit` −1 means no limit. */
export type QuotaCounter = { readonly limit: number; readonly usage: number; readonly reset_at: string | null };

/** How many cards one category may hold (`total.quota_by_category`): new cards there count against it too. */
export type CategoryQuota = { readonly category_id: number; readonly limit: number; readonly usage: number };

/** The per-minute limit on working with products (`operation_limits`); `limit_type` as the marketplace names it. */
export type OperationLimits = { readonly limit: number; readonly limit_type: string };

/** The marketplace's product quotas of one shop (docs/decisions.md, Publishing; Price rules and quotas). */
export type ShopLimits = {
  readonly daily_create: QuotaCounter;
  readonly daily_update: QuotaCounter;
  /** Null when the marketplace reports none. */
  readonly operation_limits: OperationLimits | null;
  readonly total: { readonly limit: number; readonly usage: number; readonly quota_by_category: CategoryQuota[] };
};

/** What may still be used of a counter (Infinity without a limit). */
export const remainingOf = (counter: { readonly limit: number; readonly usage: number }): number =>
  counter.limit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, counter.limit - counter.usage);

/** New cards the shop may still create today: the daily quota and the assortment total, whichever is lower. */
export const createsLeft = (limits: ShopLimits): number => Math.min(remainingOf(limits.daily_create), remainingOf(limits.total));

/** New cards the shop may still create in one category (Infinity when the marketplace sets that category no quota). */
export const categoryCreatesLeft = (limits: ShopLimits, categoryId: number): number => {
  const quota = limits.total.quota_by_category.find((entry) => entry.category_id === categoryId);
  return quota ? remainingOf(quota) : Number.POSITIVE_INFINITY;
};
