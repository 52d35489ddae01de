import { type ImportError, POLL_BACKOFF, POLL_GIVE_UP_MS, type PublishTask, markFinal, ourError, pollDelayMs } from './publish-task.ts';

/**
 * A card as the marketplace lists it by offer id (`/v3/product/info/list`): its product id, when it was created,
 * whether it was created correctly, and its errors (levels as in import results: `error`, `warning`).
 */
export type MarketplaceCard = {
  readonly offer_id: string;
  readonly product_id: string;
  readonly created_at: string | null;
  readonly is_created: boolean;
  readonly errors: readonly ImportError[];
};

/**
 * A card created this long before our send started was there already (made by hand, or by another tool), so it
 * tells nothing about our send; within it, clock differences between us and the marketplace are forgiven.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** What became of a send whose answer was lost: settled from the card, looked at again later, or sent again. */
/** `arrived`: the card the lost send made was found, so that send went out (it is audited now, once). */
export type Reconciled = { readonly kind: 'final' | 'later' | 'resend'; readonly record: PublishTask; readonly arrived?: true };

const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

/**
 * The record's new card was sent and no answer was stored (a crash, a timeout): the service looks the card up on the
 * marketplace before anything is sent again (the background sender's rule, send-waiting.ts). The page says 核对中.
 */
export const isSettling = (record: Pick<PublishTask, 'status' | 'send_started_at'>): boolean =>
  record.status === 'waiting_quota' && record.send_started_at !== null;

/** The send of these records' new cards is about to go out: until its answer is stored, it may have reached the marketplace. */
export const markSending = (record: PublishTask, now: string): PublishTask => ({ ...record, send_started_at: now, updated_at: now });

/** Still unknown (the card is being made, or the marketplace could not be asked): look again at `checkAt`. */
export const markUnanswered = (record: PublishTask, checkAt: string, now: string): PublishTask => ({
  ...record,
  status: 'waiting_quota',
  next_poll_at: checkAt,
  attempts: record.attempts + 1,
  updated_at: now,
});

/**
 * The send's answer was lost (a timeout, a cut connection, an answer that could not be read): the cards are looked up
 * when an answered import's first poll would come (`pollDelayMs`), not after a resend's delay; nothing is resent.
 */
export const markAnswerLost = (record: PublishTask, now: string, firstPollMs: number = POLL_BACKOFF.firstMs): PublishTask =>
  markUnanswered(record, addMs(now, pollDelayMs(record.attempts, firstPollMs)), now);

const LOST_ERROR = ourError('SEND_RESULT_LOST', '发送后没有收到平台的回复，且长时间无法向平台确认结果；请在卖家后台确认该商品后重新发布');

/**
 * Decides a record whose new card's send may have reached the marketplace unanswered (a crash or a timeout after
 * the request went out), from the marketplace's card for its offer id, so the card is never sent twice:
 * - a card made after our send started is that send's card: its errors (`level: error`) fail the record, a card
 *   created correctly imports it, one still being made is looked at again with the poll back-off;
 * - no card (or an older one, not made by this send): the request never arrived, or has not shown yet. After
 *   `settleMs` from the send it is sent again; before, it is looked at again with the poll back-off.
 * Past the poll give-up time without an answer it fails with a Chinese reason.
 */
export function reconcileUnanswered(
  record: PublishTask,
  card: MarketplaceCard | undefined,
  now: string,
  settleMs: number,
  firstPollMs: number = POLL_BACKOFF.firstMs,
): Reconciled {
  const started = record.send_started_at ?? record.updated_at;
  if (Date.parse(now) - Date.parse(started) > POLL_GIVE_UP_MS) return { kind: 'final', record: markFinal(record, 'failed', [LOST_ERROR], now) };
  const ours = card !== undefined && (card.created_at === null || Date.parse(card.created_at) >= Date.parse(started) - CLOCK_SKEW_MS);
  if (ours) {
    // As a poll would: a card that exists keeps its id even when it cannot be sold.
    const marketplaceId = card.is_created ? card.product_id : record.marketplace_product_id;
    if (card.errors.some((error) => error.level === 'error'))
      return { kind: 'final', arrived: true, record: markFinal(record, 'failed', card.errors, now, record.card, marketplaceId) };
    if (card.is_created) return { kind: 'final', arrived: true, record: markFinal(record, 'imported', card.errors, now, record.card, card.product_id) };
    return { kind: 'later', record: markUnanswered(record, addMs(now, pollDelayMs(record.attempts, firstPollMs)), now) };
  }
  // Not there yet: looked at again on the poll back-off (a card that shows late is settled within a minute of
  // showing), and sent again only once the send has had `settleMs` to show.
  const settledAt = addMs(started, settleMs);
  const again = addMs(now, pollDelayMs(record.attempts, firstPollMs));
  if (Date.parse(now) < Date.parse(settledAt))
    return { kind: 'later', record: markUnanswered(record, Date.parse(again) < Date.parse(settledAt) ? again : settledAt, now) };
  return { kind: 'resend', record: { ...record, send_started_at: null } };
}

/** The marketplace could not be asked: look again after `delayMs` (or fail once past the give-up time). */
export function unanswerable(record: PublishTask, now: string, delayMs: number): PublishTask {
  const started = record.send_started_at ?? record.updated_at;
  if (Date.parse(now) - Date.parse(started) > POLL_GIVE_UP_MS) return markFinal(record, 'failed', [LOST_ERROR], now);
  return markUnanswered(record, addMs(now, delayMs), now);
}
