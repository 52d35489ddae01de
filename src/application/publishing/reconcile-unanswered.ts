import { type Clock } from '../ports/clock.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { type MarketplaceCard, reconcileUnanswered, unanswerable } from '../../domain/publishing/publish-reconcile.ts';
import { POLL_BACKOFF, type PublishTask } from '../../domain/publishing/publish-task.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type OnRecordsTakenOver, type SendHold } from './publish-holds.ts';
import { writeFinalResults } from './publish-write-back.ts';
import { RESEND_DELAY_MS } from './send-publications.ts';

export type ReconcileUnansweredDeps = {
  readonly marketplace: Marketplace;
  readonly shopAccess: ShopAccess;
  readonly products: ProductRepository;
  readonly clock: Clock;
  /** How long a lost send may take to show on the marketplace before it is sent again (`PUBLISH_SEND_SETTLE`). */
  readonly settleMs?: number;
  /** The first wait of the poll back-off (`PUBLISH_POLL_FIRST`; 1 s by default). */
  readonly firstPollMs?: number;
  /** Told about records another sender took over from this one (logged at warn). */
  readonly onTakenOver?: OnRecordsTakenOver;
};
/**
 * Settles claimed records of one shop whose send may have gone out unanswered: those settled or still unknown are
 * written back and stored while `hold` still has them; answers those stored, the ones to send again (never sent,
 * as far as the marketplace shows), and, as they were before, the stored ones whose card was found (their send went out).
 */
export type ReconcileUnanswered = (
  shop: Shop,
  records: readonly PublishTask[],
  hold: SendHold,
) => Promise<{ readonly kept: PublishTask[]; readonly resend: PublishTask[]; readonly arrived: PublishTask[] }>;

/** Offer ids per `/v3/product/info/list` call (the method's limit). */
export const CARDS_PER_CALL = 1_000;
/** The default of `PUBLISH_SEND_SETTLE`: an import the marketplace received shows there well within this. */
export const SEND_SETTLE_MS = 15 * 60_000;

/**
 * The recovery half of "nothing is sent twice" (issue 20): a crash (or a timeout) after a new card's import went
 * out leaves its records waiting with `send_started_at`; before any resend the marketplace is asked for the cards
 * by offer id, and a card made by that send settles its record as a poll would (publish-reconcile.ts).
 */
export function makeReconcileUnanswered({
  marketplace,
  shopAccess,
  products,
  clock,
  settleMs = SEND_SETTLE_MS,
  firstPollMs = POLL_BACKOFF.firstMs,
}: ReconcileUnansweredDeps): ReconcileUnanswered {
  const store = async (hold: SendHold, records: PublishTask[], now: string): Promise<PublishTask[]> => {
    // The product before the record, as the poller does: a crash in between repeats an idempotent write-back. Both
    // only while this sender holds the records: one that took them over settles them itself.
    const held = await hold.kept('settled', records);
    await writeFinalResults(products, held, now);
    return hold.store('settled', held);
  };

  return async (shop, records, hold) => {
    if (records.length === 0) return { kept: [], resend: [], arrived: [] };
    const now = clock.now().toISOString();
    const offers = [...new Set(records.map((record) => record.offer_id))];
    const cards: MarketplaceCard[] = [];
    try {
      const credentials = shopAccess.credentialsOf(shop);
      for (let start = 0; start < offers.length; start += CARDS_PER_CALL)
        cards.push(...(await marketplace.cardsByOffer(credentials, offers.slice(start, start + CARDS_PER_CALL))));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return {
        kept: await store(
          hold,
          records.map((record) => unanswerable(record, now, RESEND_DELAY_MS)),
          now,
        ),
        resend: [],
        arrived: [],
      };
    }
    const byOffer = new Map(cards.map((card) => [card.offer_id, card]));
    const decided = records.map((record) => reconcileUnanswered(record, byOffer.get(record.offer_id), now, settleMs, firstPollMs));
    const kept = await store(
      hold,
      decided.filter(({ kind }) => kind !== 'resend').map(({ record }) => record),
      now,
    );
    const stored = new Set(kept.map((record) => record.id));
    const arrived = new Set(decided.filter((decision) => decision.arrived && stored.has(decision.record.id)).map(({ record }) => record.id));
    return {
      kept,
      resend: decided.filter(({ kind }) => kind === 'resend').map(({ record }) => record),
      arrived: records.filter((record) => arrived.has(record.id)),
    };
  };
}
