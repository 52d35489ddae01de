/**
 * The fake marketplace's price rules for `/v1/product/import/prices` (the rules the Seller API's error tables and the
 * `price` field's description state; the codes `discount_too_big` and `min_auto_price_too_small` are the marketplace's,
 * the others the fake's own names): the old price above the price by more than 20 ₽ under 400 ₽, 5 % from 400 to
 * 10 000 ₽, 500 ₽ above; a discount under 90 %; `min_price` at least half the price and below it; and each offer's
 * price updated at most 10 times an hour (`TOO_MANY_REQUESTS` for the 11th). Written apart from the service's own
 * rules (src/domain/pricing/price-rules.ts) on purpose, so a mistake in one is caught by the other.
 */

export const PRICE_UPDATES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export type PriceError = { code: string; message: string };

/** When each offer's price was updated, for the hourly limit. */
export type PriceLedger = Map<string, number[]>;

const amount = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  return Number(value);
};

/** What the marketplace refuses in one price item; amounts are compared as given (the fake treats them as roubles). */
export function priceRuleErrors(price: Record<string, unknown>): PriceError[] {
  const value = amount(price.price);
  if (value === undefined || value <= 0) return [{ code: 'price_invalid', message: 'price must be a positive decimal string' }];
  const errors: PriceError[] = [];
  const old = price.old_price === undefined ? 0 : amount(price.old_price);
  if (old === undefined) errors.push({ code: 'old_price_invalid', message: 'old_price must be a decimal string' });
  else if (old > 0) {
    const gap = old - value;
    const needed = value < 400 ? 20 : value <= 10_000 ? value * 0.05 : 500;
    if (gap <= needed + 1e-9) errors.push({ code: 'discount_too_small', message: `old_price must exceed price by more than ${needed}` });
    else if (gap / old >= 0.9 - 1e-12) errors.push({ code: 'discount_too_big', message: 'discount must be less than 90%' });
  }
  if (price.min_price !== undefined) {
    const min = amount(price.min_price);
    if (min === undefined) errors.push({ code: 'min_price_invalid', message: 'min_price must be a decimal string' });
    else if (min < value / 2) errors.push({ code: 'min_auto_price_too_small', message: 'min_price must be at least 50% of price' });
    else if (min >= value) errors.push({ code: 'min_price_not_below_price', message: 'min_price must be below price' });
  }
  return errors;
}

/** Counts an update of the offer's price at `now` unless it had 10 in the last hour (then answers the refusal). */
export function chargePriceUpdate(ledger: PriceLedger, offerId: string, now: number): PriceError | undefined {
  const recent = (ledger.get(offerId) ?? []).filter((at) => at > now - HOUR_MS);
  if (recent.length >= PRICE_UPDATES_PER_HOUR) {
    ledger.set(offerId, recent);
    return { code: 'TOO_MANY_REQUESTS', message: `the price of a product may be updated at most ${PRICE_UPDATES_PER_HOUR} times per hour` };
  }
  ledger.set(offerId, [...recent, now]);
  return undefined;
}

/** One item of the method's answer: refused for an unknown offer, a broken rule or the hourly limit, else updated (and counted). */
export function priceResult(price: Record<string, unknown>, productId: number | undefined, ledger: PriceLedger, now: number) {
  const refused = (errors: PriceError[]) => ({ product_id: productId ?? 0, offer_id: String(price.offer_id), updated: false, errors });
  if (productId === undefined) return refused([{ code: 'PRODUCT_NOT_FOUND', message: 'product not found' }]);
  const broken = priceRuleErrors(price);
  if (broken.length > 0) return refused(broken);
  const limited = chargePriceUpdate(ledger, String(price.offer_id), now);
  return limited ? refused([limited]) : { product_id: productId, offer_id: String(price.offer_id), updated: true, errors: [] as PriceError[] };
}
