import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type Marketplace, type StockResult } from '../ports/marketplace.ts';
import { type ClaimedStock, type StockSendRepository } from '../ports/stock-sends.ts';
import { type ShopAccess } from '../shop-access.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { explainStockError, NOT_CREATED_CODES, RETRIED_CODES } from '../../domain/stock/stock-errors.ts';
import { type StockOutcome } from '../../domain/stock/stock-send.ts';
import { STOCK_LIMITS } from '../../domain/stock/stock.ts';

/** The intervals of stock sending; the marketplace's by default, shortened by tests through settings. */
export type StockTiming = {
  /** One pair at most once in this (STOCK_PAIR_INTERVAL, 30 s). */
  readonly pairIntervalMs: number;
  /** `STOCK_LIMITS.requestsPerWindow` requests per shop in this (STOCK_RATE_WINDOW, a minute). */
  readonly rateWindowMs: number;
  /** How long claimed sends stay with this sender (STOCK_SEND_LEASE). */
  readonly leaseMs: number;
  /** The wait after the marketplace could not be reached or refused for rate (STOCK_RETRY). */
  readonly retryMs: number;
};

export type SendStockDeps = {
  readonly stockSends: StockSendRepository;
  readonly marketplace: Marketplace;
  readonly shopAccess: ShopAccess;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly timing: StockTiming;
  /** Told of the offers of a shop whose stock the marketplace took (the sweep looks at them soon). */
  readonly onSent?: (shopId: string, offerIds: readonly string[]) => Promise<void>;
  /** Requests one pass makes at most per shop before giving others a turn. */
  readonly requestsPerPass?: number;
};

/**
 * The stock sender: `runOnce` is one pass (`claimed` pairs sent or tried, `wakeAt` the earliest a full request window
 * frees a slot), `handBack` frees what this process holds at a stop.
 */
export type SendStock = {
  runOnce(): Promise<{ readonly claimed: number; readonly wakeAt?: string | undefined }>;
  handBack(): Promise<void>;
};

const pairKey = (offerId: string, warehouseId: number): string => `${offerId}|${warehouseId}`;
const later = (now: Date, ms: number): string => new Date(now.getTime() + ms).toISOString();

/** What the marketplace's answer for one pair means for its record. */
function outcomeOf(result: StockResult | undefined, now: Date, timing: StockTiming): StockOutcome {
  if (!result) return { kind: 'retry', at: later(now, timing.retryMs), errors: [explainStockError('NO_ANSWER', '平台没有返回这一对的结果')] };
  if (result.updated && result.errors.length === 0) return { kind: 'sent' };
  const errors = result.errors.length > 0 ? result.errors.map((error) => explainStockError(error.code, error.message)) : [explainStockError('NOT_UPDATED', '')];
  if (errors.every((error) => RETRIED_CODES.has(error.code))) return { kind: 'retry', at: later(now, timing.pairIntervalMs), errors };
  if (errors.some((error) => NOT_CREATED_CODES.has(error.code))) return { kind: 'not_created', errors };
  return { kind: 'failed', errors };
}

/**
 * The stock sender's pass (docs/decisions.md, Stock): for each shop with due sends, a request slot is taken from the
 * shop's durable request log (80 a minute across instances), then up to 100 due pairs are claimed with a lease and the
 * pair's next allowed time is written before the request leaves, so neither a crash nor a second instance sends a
 * pair twice within its interval. Answers are written where this sender still holds the pair and its value has not
 * changed; a refusal for rate, an unreachable marketplace or a missing answer waits and goes again.
 */
export function makeSendStock(deps: SendStockDeps): SendStock {
  const { stockSends, marketplace, shopAccess, clock, ids, timing, onSent, requestsPerPass = 10 } = deps;

  // One pass at a time per process (the timer's rule), so one holder names this process's claims.
  const holder = ids.uuid();

  const sendOnce = async (shopId: string): Promise<number | 'idle' | string> => {
    const now = clock.now();
    const slotId = ids.uuid();
    const slot = await stockSends.takeRequestSlot(shopId, now.toISOString(), timing.rateWindowMs, STOCK_LIMITS.requestsPerWindow, slotId);
    if (slot !== true) return slot;
    const claimed = await stockSends.claim(
      shopId,
      now.toISOString(),
      later(now, Math.max(timing.leaseMs, timing.pairIntervalMs)),
      // The marketplace counts the interval from when it took the value, which can be any time while this sender holds
      // the pair (a queue at the client, a retry after 429): unanswered, the pair waits out the lease and the interval.
      later(now, timing.leaseMs + timing.pairIntervalMs),
      holder,
      STOCK_LIMITS.pairsPerRequest,
    );
    if (claimed.length === 0) {
      await stockSends.returnRequestSlot(slotId);
      return 'idle';
    }
    const outcomes = await sendClaimed(shopId, claimed, now);
    const answered = clock.now();
    await stockSends.finish(holder, outcomes, answered.toISOString(), later(answered, timing.pairIntervalMs));
    const sent = outcomes.filter(({ outcome }) => outcome.kind === 'sent').map(({ send }) => send.offer_id);
    if (sent.length > 0) await onSent?.(shopId, [...new Set(sent)]);
    return claimed.length;
  };

  const sendClaimed = async (shopId: string, claimed: readonly ClaimedStock[], now: Date) => {
    const all = (outcome: StockOutcome) => claimed.map((send) => ({ send, outcome }));
    let results: StockResult[];
    try {
      const shop = await shopAccess.find(shopId);
      results = await marketplace.updateStocks(
        shopAccess.credentialsOf(shop),
        claimed.map((send) => ({ offer_id: send.offer_id, product_id: send.market_product_id ?? 0, warehouse_id: send.warehouse_id, stock: send.stock })),
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.code === 'SHOP_NOT_FOUND') return all({ kind: 'failed', errors: [explainStockError(error.code, '店铺已删除，库存未发送')] });
      // Unreachable, refused for rate (429) or failed: the same values go again after the wait.
      return all({ kind: 'retry', at: later(now, timing.retryMs), errors: [{ code: error.code, message: error.detail, explanation: error.detail }] });
    }
    const byPair = new Map(results.map((result) => [pairKey(result.offer_id, result.warehouse_id), result]));
    return claimed.map((send) => ({ send, outcome: outcomeOf(byPair.get(pairKey(send.offer_id, send.warehouse_id)), now, timing) }));
  };

  return {
    async runOnce() {
      const shops = await stockSends.dueShops(clock.now().toISOString(), 20);
      let claimed = 0;
      let wakeAt: string | undefined;
      for (const shopId of shops) {
        for (let request = 0; request < requestsPerPass; request++) {
          const result = await sendOnce(shopId);
          if (result === 'idle') break;
          if (typeof result === 'string') {
            wakeAt = wakeAt === undefined || result < wakeAt ? result : wakeAt;
            break;
          }
          claimed += result;
        }
      }
      return { claimed, wakeAt };
    },
    // A request in flight may have reached the marketplace: its pairs keep their interval, only the hold ends.
    handBack: () => stockSends.handBack(holder),
  };
}
