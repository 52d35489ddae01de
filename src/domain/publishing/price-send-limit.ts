/**
 * The marketplace takes a product's price at most 10 times an hour (`/v1/product/import/prices`; docs/decisions.md, Price
 * rules and quotas): a later change waits until the hour allows it, and what goes then is the product as it is then,
 * so the newest change wins. Pure: the send times and `now` come in.
 */
export type PriceSendLimit = { readonly perWindow: number; readonly windowMs: number };

export const PRICE_SEND_LIMIT: PriceSendLimit = { perWindow: 10, windowMs: 3_600_000 };

/**
 * When one offer's price may be sent next: `now` while fewer than `perWindow` sends fall in the window before it,
 * else when the oldest of the last `perWindow` leaves the window.
 */
export function nextPriceSendAt(sentAt: readonly string[], now: string, limit: PriceSendLimit = PRICE_SEND_LIMIT): string {
  const nowMs = Date.parse(now);
  const recent = sentAt
    .map((at) => Date.parse(at))
    .filter((at) => at > nowMs - limit.windowMs)
    .sort((a, b) => b - a);
  if (recent.length < limit.perWindow) return now;
  return new Date(recent[limit.perWindow - 1]! + limit.windowMs).toISOString();
}
