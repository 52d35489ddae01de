import { type Clock } from '../ports/clock.ts';
import { type Marketplace, type MarketplaceCredentials } from '../ports/marketplace.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { isDomainError } from '../../domain/errors.ts';
import { ItemQuotaExceeded, splitByQuota } from '../../domain/publish-quota.ts';
import { markSending, markUnanswered } from '../../domain/publish-reconcile.ts';
import { type PublishTask, markFinal, markSent, markWaiting, ourError } from '../../domain/publish-task.ts';
import { picturesOf, priceOf } from '../../domain/publish-update.ts';
import { type Shop } from '../../domain/shop.ts';
import { chunks, IMPORT_BATCH, type Outgoing, packByProduct, PRICES_BATCH } from '../publish-batches.ts';
import { type ShopAccess } from '../shop-access.ts';

/** A send that failed on our side or the marketplace's is tried again after this long. */
export const RESEND_DELAY_MS = 60_000;
/** Failures after which an import may have reached the marketplace anyway (no answer, or one we could not read). */
const UNANSWERED = new Set(['MARKETPLACE_TIMEOUT', 'MARKETPLACE_UNREACHABLE', 'MARKETPLACE_BAD_RESPONSE']);

export type SendPublicationsDeps = {
  readonly marketplace: Marketplace;
  readonly publishTasks: PublishTaskRepository;
  readonly shopAccess: ShopAccess;
  readonly clock: Clock;
};
/**
 * Sends records of one shop within its quotas and stores what became of each (pending with its task, waiting
 * until a time, or final for prices). With `undoable`, a marketplace failure before anything was sent is
 * thrown for the caller to undo the request; otherwise the records wait and are retried.
 */
export type SendPublications = (shop: Shop, outgoing: readonly Outgoing[], options: { readonly undoable: boolean }) => Promise<PublishTask[]>;

const later = (now: string, ms: number): string => new Date(Date.parse(now) + ms).toISOString();

export function makeSendPublications({ marketplace, publishTasks, shopAccess, clock }: SendPublicationsDeps): SendPublications {
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
        return result?.updated ? markFinal(record, 'imported', [], now, item) : markFinal(record, 'failed', errors, now);
      });
    }
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
    return batch.map(({ record, item }) => markSent(record, taskId, operation, item, now));
  };

  return async (shop, outgoing, { undoable }) => {
    const credentials = shopAccess.credentialsOf(shop);
    const now = clock.now().toISOString();
    let limits;
    try {
      limits = await marketplace.productLimits(credentials);
    } catch (error) {
      if (undoable) throw error;
      const waiting = outgoing.map(({ record }) => markWaiting(record, later(now, RESEND_DELAY_MS), now));
      await publishTasks.update(...waiting);
      return waiting;
    }
    const kindOf = ({ operation, isNewCard }: Outgoing) => (operation !== 'import' ? 'free' : isNewCard ? 'create' : 'update');
    const split = splitByQuota(outgoing, kindOf, limits, now, ({ record }) => record.product_id);
    const done: PublishTask[] = split.later.map(({ record }) => markWaiting(record, split.resetAt, now));
    /** Records not sent, stored together at the end (the sent ones are stored batch by batch). */
    const unsent: PublishTask[] = [...done];

    const batches = (['import', 'pictures', 'prices'] as const).flatMap((operation) =>
      operation === 'prices'
        ? chunks(
            split.now.filter((entry) => entry.operation === operation),
            PRICES_BATCH,
          )
        : packByProduct(
            split.now.filter((entry) => entry.operation === operation),
            IMPORT_BATCH,
          ),
    );
    let sentAny = false;
    let holdUntil: string | undefined;
    for (const batch of batches) {
      if (holdUntil !== undefined) {
        const held = batch.map(({ record }) => markWaiting(record, holdUntil!, now));
        unsent.push(...held);
        done.push(...held);
        continue;
      }
      // A new card's records say its send started before it does: a crash or a lost answer from here on is
      // reconciled with the marketplace's cards (reconcile-unanswered.ts), never sent again blindly.
      const sending = batch.filter(({ operation, isNewCard }) => operation === 'import' && isNewCard).map(({ record }) => markSending(record, now));
      if (sending.length > 0) await publishTasks.update(...sending);
      let results: PublishTask[];
      try {
        results = await sendBatch(credentials, batch, now);
        sentAny = true;
      } catch (error) {
        const mayHaveArrived = sending.length > 0 && isDomainError(error) && UNANSWERED.has(error.code);
        if (error instanceof ItemQuotaExceeded) holdUntil = later(now, error.retryAfterMs);
        else if (undoable && !sentAny && !mayHaveArrived) throw error;
        else if (!isDomainError(error)) throw error;
        else holdUntil = later(now, RESEND_DELAY_MS);
        // A request that may have arrived leaves its new cards to be looked up before anything is sent again.
        const unanswered = new Map(mayHaveArrived ? sending.map((record) => [record.id, markUnanswered(record, holdUntil!, now)]) : []);
        results = batch.map(({ record }) => unanswered.get(record.id) ?? markWaiting(record, holdUntil!, now));
        sentAny ||= mayHaveArrived;
      }
      // Stored as soon as answered: a crash during a later batch must not lose this batch's task id.
      await publishTasks.update(...results);
      done.push(...results);
    }
    await publishTasks.update(...unsent);
    return done;
  };
}
