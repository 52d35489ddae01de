import { type Clock } from '../ports/clock.ts';
import { type Marketplace, type MarketplaceCredentials } from '../ports/marketplace.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { ItemQuotaExceeded, splitByQuota } from '../../domain/publishing/publish-quota.ts';
import { markAnswerLost, markSending } from '../../domain/publishing/publish-reconcile.ts';
import { POLL_BACKOFF, type PublishTask, markFinal, markSent, markWaiting, ourError } from '../../domain/publishing/publish-task.ts';
import { asImported, copyOf, picturesOf, priceOf } from '../../domain/publishing/publish-update.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { chunks, IMPORT_BATCH, type Outgoing, packByProduct, PRICES_BATCH } from './publish-batches.ts';
import { type SendHold } from './publish-holds.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { PRICE_SEND_LIMIT, type PriceSendLimit } from '../../domain/publishing/price-send-limit.ts';
import { splitByPriceLimit } from './price-send-holds.ts';

/** Why a copy was refused (`unmatched_sku_list`): the page offers a full card instead (docs/decisions.md, Follow-selling). */
export const COPY_NOT_ALLOWED = '平台不允许跟卖这个 SKU：卡片所有者禁止复制，或这是本店自己的商品。可以改为「创建新卡片」，补齐类目和属性后重新发布';

/** A send that failed on our side or the marketplace's is tried again after this long. */
export const RESEND_DELAY_MS = 60_000;
/** Failures after which an import may have reached the marketplace anyway (no answer, or one we could not read). */
const UNANSWERED = new Set(['MARKETPLACE_TIMEOUT', 'MARKETPLACE_UNREACHABLE', 'MARKETPLACE_BAD_RESPONSE']);

export type SendPublicationsDeps = {
  readonly marketplace: Marketplace;
  readonly shopAccess: ShopAccess;
  readonly clock: Clock;
  /** The first wait of the poll back-off (`PUBLISH_POLL_FIRST`; 1 s by default). */
  readonly firstPollMs?: number;
  /**
   * Told after each split of new cards by the daily create quota: how many products' new cards wait for the reset
   * (0 when every new card fit). Notifications' `quota_used_up` follows it; a failure here never stops a send.
   */
  readonly onCreateQuota?: (shop: Shop, state: { readonly waitingProducts: number; readonly resetAt: string }) => Promise<void>;
  /** Told of the offers whose new price the marketplace accepted (their prices are read again); a failure never stops a send. */
  readonly onPricesAccepted?: (shopId: string, offerIds: readonly string[]) => Promise<void>;
  /** Where the price sends of the last hour are counted (`priceSendsSince`). */
  readonly publishTasks: Pick<PublishTaskRepository, 'priceSendsSince'>;
  /** At most this many price sends per offer in the window (the marketplace's 10 an hour by default; tests shorten the window). */
  readonly priceSendLimit?: PriceSendLimit;
};
/**
 * Sends records of one shop within its quotas and stores what became of each (pending with its task, waiting
 * until a time, or final for prices). With `undoable`, a marketplace failure before anything was sent is
 * thrown for the caller to undo the request; otherwise the records wait and are retried. Only records the sender
 * still holds (`hold`) are sent and written; answers those written.
 */
export type SendPublications = (
  shop: Shop,
  outgoing: readonly Outgoing[],
  options: { readonly undoable: boolean; readonly hold: SendHold },
) => Promise<PublishTask[]>;

const later = (now: string, ms: number): string => new Date(Date.parse(now) + ms).toISOString();

export function makeSendPublications({
  marketplace,
  shopAccess,
  clock,
  firstPollMs = POLL_BACKOFF.firstMs,
  onCreateQuota,
  onPricesAccepted,
  publishTasks,
  priceSendLimit = PRICE_SEND_LIMIT,
}: SendPublicationsDeps): SendPublications {
  const sendBatch = async (credentials: MarketplaceCredentials, batch: readonly Outgoing[], now: string): Promise<PublishTask[]> => {
    const operation = batch[0]!.operation;
    if (operation === 'prices') {
      const results = await marketplace.importPrices(
        credentials,
        batch.map(({ item }) => priceOf(item)),
      );
      return batch.map(({ record, item }) => {
        const result = results.find((candidate) => candidate.offer_id === item.offer_id);
        const errors = (result?.errors ?? [{ code: 'NO_RESULT', message: '平台没有返回该商品的价格结果' }]).map((error) => ({
          ...ourError(error.code, error.message, 'price'),
          message: error.message,
        }));
        // A refused price keeps the card it sent too: it went out, and counts against the hourly limit (price-send-holds.ts).
        return markFinal(record, result?.updated ? 'imported' : 'failed', result?.updated ? [] : errors, now, item);
      });
    }
    if (operation === 'copy') return sendCopies(credentials, batch, now);
    const { taskId } =
      operation === 'pictures'
        ? await marketplace.importPictures(
            credentials,
            batch.map(({ item }) => picturesOf(item)),
          )
        : await marketplace.importProducts(
            credentials,
            batch.map(({ item }) => item),
          );
    return batch.map(({ record, item }) => markSent(record, taskId, operation, operation === 'import' ? asImported(item) : item, now, firstPollMs));
  };
  /**
   * Copies by SKU (docs/decisions.md, Follow-selling): a SKU the marketplace would not copy ends its record at once as
   * `COPY_NOT_ALLOWED`; the others follow their task as an import's do. The card kept is what the method carried (no minimum price).
   */
  const sendCopies = async (credentials: MarketplaceCredentials, batch: readonly Outgoing[], now: string): Promise<PublishTask[]> => {
    const { taskId, unmatchedSkus } = await marketplace.importBySku(
      credentials,
      batch.map(({ item }) => copyOf(item)),
    );
    const unmatched = new Set(unmatchedSkus);
    return batch.map(({ record, item }) =>
      unmatched.has(item.copy_sku!) || taskId === null
        ? markFinal(record, 'failed', [ourError('COPY_NOT_ALLOWED', COPY_NOT_ALLOWED, 'sku')], now, asImported(item))
        : markSent(record, taskId, 'copy', asImported(item), now, firstPollMs),
    );
  };

  return async (shop, outgoing, { undoable, hold }) => {
    const credentials = shopAccess.credentialsOf(shop);
    const now = clock.now().toISOString();
    let limits;
    try {
      limits = await marketplace.productLimits(credentials);
    } catch (error) {
      if (undoable) throw error;
      return hold.store(
        'limits unreadable',
        outgoing.map(({ record }) => markWaiting(record, later(now, RESEND_DELAY_MS), now)),
      );
    }
    // A copy makes a new card of ours: it counts against the daily create quota as a new import does.
    const kindOf = ({ operation, isNewCard }: Outgoing) =>
      operation === 'copy' ? 'create' : operation !== 'import' ? 'free' : isNewCard ? 'create' : 'update';
    const split = splitByQuota(
      outgoing,
      kindOf,
      limits,
      now,
      ({ record }) => record.product_id,
      ({ item }) => item.description_category_id,
    );
    if (outgoing.some((entry) => kindOf(entry) === 'create')) {
      const waitingProducts = new Set(split.later.filter((entry) => kindOf(entry) === 'create').map(({ record }) => record.product_id)).size;
      await onCreateQuota?.(shop, { waitingProducts, resetAt: split.resetAt }).catch(() => undefined);
    }
    const priced = await splitByPriceLimit(publishTasks, shop.id, split.now, now, priceSendLimit);
    const done: PublishTask[] = [
      ...split.later.map(({ record }) => markWaiting(record, split.resetAt, now)),
      ...priced.later.map(({ entry, at }) => markWaiting(entry.record, at, now)),
    ];
    /** Records not sent, stored together at the end (the sent ones are stored batch by batch). */
    const unsent: PublishTask[] = [...done];
    /** Records another sender took over (this one's lease lapsed): neither sent nor written here. */
    const lost = new Set<string>();
    const storeBatch = async (stage: string, records: readonly PublishTask[]): Promise<void> => {
      const written = new Set((await hold.store(stage, records)).map((record) => record.id));
      for (const record of records) if (!written.has(record.id)) lost.add(record.id);
    };

    const batches = (['copy', 'import', 'pictures', 'prices'] as const).flatMap((operation) =>
      operation === 'prices'
        ? chunks(
            priced.now.filter((entry) => entry.operation === operation),
            PRICES_BATCH,
          )
        : packByProduct(
            priced.now.filter((entry) => entry.operation === operation),
            IMPORT_BATCH,
          ),
    );
    let sentAny = false;
    let holdUntil: string | undefined;
    for (const planned of batches) {
      if (holdUntil !== undefined) {
        const held = planned.map(({ record }) => markWaiting(record, holdUntil!, now));
        unsent.push(...held);
        done.push(...held);
        continue;
      }
      // A new card's records say its send started before it does: a crash or a lost answer from here on is
      // reconciled with the marketplace's cards (reconcile-unanswered.ts), never sent again blindly. Every record is
      // written first where still held, so records another sender took over meanwhile are not sent from here too.
      const isSending = ({ operation, isNewCard }: Outgoing) => (operation === 'import' || operation === 'copy') && isNewCard;
      const marked = planned.map((entry) => (isSending(entry) ? { ...entry, record: markSending(entry.record, now) } : entry));
      await storeBatch(
        'before sending',
        marked.map(({ record }) => record),
      );
      const batch = marked.filter(({ record }) => !lost.has(record.id));
      if (batch.length === 0) continue;
      const sending = batch.filter(isSending).map(({ record }) => record);
      let results: PublishTask[];
      try {
        results = await sendBatch(credentials, batch, now);
        sentAny = true;
        const accepted = results.filter((record) => record.operation === 'prices' && record.status === 'imported').map((record) => record.offer_id);
        if (accepted.length > 0) await onPricesAccepted?.(shop.id, accepted).catch(() => undefined);
      } catch (error) {
        const mayHaveArrived = sending.length > 0 && isDomainError(error) && UNANSWERED.has(error.code);
        if (error instanceof ItemQuotaExceeded) holdUntil = later(now, error.retryAfterMs);
        else if (undoable && !sentAny && !mayHaveArrived) throw error;
        else if (!isDomainError(error)) throw error;
        else holdUntil = later(now, RESEND_DELAY_MS);
        // A request that may have arrived leaves its new cards to be looked up (as its poll would come) before
        // anything is sent again; the batch's other records are sent again after the delay.
        const lostAt = clock.now().toISOString();
        const unanswered = new Map(mayHaveArrived ? sending.map((record) => [record.id, markAnswerLost(record, lostAt, firstPollMs)]) : []);
        results = batch.map(({ record }) => unanswered.get(record.id) ?? markWaiting(record, holdUntil!, now));
        sentAny ||= mayHaveArrived;
      }
      // Stored as soon as answered: a crash during a later batch must not lose this batch's task id.
      await storeBatch('answer', results);
      done.push(...results);
    }
    await storeBatch('not sent', unsent);
    return done.filter((record) => !lost.has(record.id));
  };
}
