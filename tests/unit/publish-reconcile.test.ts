import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_MS,
  type MarketplaceCard,
  isSettling,
  markAnswerLost,
  markSending,
  reconcileUnanswered,
  unanswerable,
} from '../../src/domain/publishing/publish-reconcile.ts';
import { type ImportError, POLL_GIVE_UP_MS, markSent, markWaiting, newWaitingRecord } from '../../src/domain/publishing/publish-task.ts';

const T0 = '2026-11-25T10:00:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();
const SETTLE = 15 * 60_000;
/** A variant's record whose import went out at T0 and whose answer was lost. */
const lost = () =>
  markSending(newWaitingRecord({ id: 'r1', product_id: 'p1', variant_id: 'v1', shop_id: 's1', offer_id: 'BOX-1' }, at(-1_000), at(-1_000)), T0);
const card = (fields: Partial<MarketplaceCard> = {}): MarketplaceCard => ({
  offer_id: 'BOX-1',
  product_id: '880000001',
  created_at: at(2_000),
  is_created: true,
  errors: [],
  ...fields,
});
const error = (level: string): ImportError => ({
  code: 'invalid_attribute_value',
  message: 'dictionary value not found',
  level,
  state: 'declined',
  description: 'Значение не из справочника',
  field: 'attribute',
  attribute_id: 10096,
  attribute_name: 'Цвет товара',
});

describe('a send whose answer was lost', () => {
  it('is marked before it goes out, and the marks clear once an answer or a refusal is stored', () => {
    const sending = lost();
    expect(sending).toMatchObject({ status: 'waiting_quota', send_started_at: T0 });
    expect(markSent(sending, '1723000001', 'import', sending.card!, at(1)).send_started_at).toBeNull();
    expect(markWaiting(sending, at(60_000), at(1)).send_started_at).toBeNull();
  });

  it('is settled from the card its send made: imported with the card id, never sent again', () => {
    const decided = reconcileUnanswered(lost(), card(), at(30_000), SETTLE);
    expect(decided.kind).toBe('final');
    expect(decided.record).toMatchObject({ status: 'imported', marketplace_product_id: '880000001', next_poll_at: null, send_started_at: null });
  });

  it('fails with the card’s blocking errors; a warning alone does not fail it', () => {
    expect(reconcileUnanswered(lost(), card({ is_created: false, errors: [error('error')] }), at(30_000), SETTLE).record).toMatchObject({
      status: 'failed',
      errors: [error('error')],
      marketplace_product_id: null,
    });
    expect(reconcileUnanswered(lost(), card({ errors: [error('warning')] }), at(30_000), SETTLE).record).toMatchObject({
      status: 'imported',
      errors: [error('warning')],
    });
  });

  it('a lost answer is looked up when an answered import would first be polled, nothing resent', () => {
    expect(markAnswerLost(lost(), at(30_000))).toMatchObject({ status: 'waiting_quota', send_started_at: T0, next_poll_at: at(31_000), attempts: 1 });
    expect(isSettling(markAnswerLost(lost(), at(30_000)))).toBe(true);
  });

  it('looks again with the poll back-off while the card is being made', () => {
    const decided = reconcileUnanswered(lost(), card({ is_created: false }), at(30_000), SETTLE);
    expect(decided.kind).toBe('later');
    expect(decided.record).toMatchObject({ status: 'waiting_quota', send_started_at: T0, next_poll_at: at(31_000), attempts: 1 });
  });

  it('without a card, looks again with the poll back-off until the send had time to show, then sends it again', () => {
    const early = reconcileUnanswered(lost(), undefined, at(60_000), SETTLE);
    expect(early).toMatchObject({ kind: 'later', record: { next_poll_at: at(61_000), send_started_at: T0, attempts: 1 } });
    const again = reconcileUnanswered(early.record, undefined, at(61_000), SETTLE);
    expect(again).toMatchObject({ kind: 'later', record: { next_poll_at: at(63_000), attempts: 2 } });
    // Never past the time the send has had to show.
    const last = reconcileUnanswered({ ...again.record, attempts: 9 }, undefined, at(SETTLE - 30_000), SETTLE);
    expect(last).toMatchObject({ kind: 'later', record: { next_poll_at: at(SETTLE) } });
    const settled = reconcileUnanswered(last.record, undefined, at(SETTLE), SETTLE);
    expect(settled.kind).toBe('resend');
    expect(settled.record.send_started_at).toBeNull();
  });

  it('a card made long before the send (by hand, or another tool) tells nothing: the send goes again as an update', () => {
    const older = card({ created_at: at(-CLOCK_SKEW_MS - 1) });
    expect(reconcileUnanswered(lost(), older, at(60_000), SETTLE).kind).toBe('later');
    expect(reconcileUnanswered(lost(), older, at(SETTLE), SETTLE).kind).toBe('resend');
    // Within the clock difference forgiven, it is this send's card.
    expect(reconcileUnanswered(lost(), card({ created_at: at(-CLOCK_SKEW_MS + 1) }), at(60_000), SETTLE).kind).toBe('final');
  });

  it('is settling (looked up, not sent) from the send until the lookup decides; a record never sent, or answered, is not', () => {
    expect(isSettling(lost())).toBe(true);
    expect(isSettling(reconcileUnanswered(lost(), card({ is_created: false }), at(30_000), SETTLE).record)).toBe(true);
    expect(isSettling(reconcileUnanswered(lost(), undefined, at(60_000), SETTLE).record)).toBe(true);
    expect(isSettling(unanswerable(lost(), at(1_000), 60_000))).toBe(true);
    expect(isSettling(reconcileUnanswered(lost(), card(), at(30_000), SETTLE).record)).toBe(false);
    expect(isSettling(reconcileUnanswered(lost(), undefined, at(SETTLE), SETTLE).record)).toBe(false);
    expect(isSettling(newWaitingRecord({ id: 'r2', product_id: 'p1', shop_id: 's1', offer_id: 'BOX-2' }, at(60_000), T0))).toBe(false);
    expect(isSettling(markSent(lost(), '1723000001', 'import', lost().card!, at(1)))).toBe(false);
    expect(isSettling(markWaiting(lost(), at(60_000), at(1)))).toBe(false);
  });

  it('gives up with a Chinese reason after the poll give-up time, also when the marketplace cannot be asked', () => {
    const late = at(POLL_GIVE_UP_MS + 1);
    for (const record of [reconcileUnanswered(lost(), card({ is_created: false }), late, SETTLE).record, unanswerable(lost(), late, 60_000)]) {
      expect(record).toMatchObject({ status: 'failed', next_poll_at: null, errors: [{ code: 'SEND_RESULT_LOST' }] });
      expect(record.errors[0]!.message).toMatch(/卖家后台/);
    }
    expect(unanswerable(lost(), at(1_000), 60_000)).toMatchObject({ status: 'waiting_quota', next_poll_at: at(61_000), send_started_at: T0 });
  });
});
