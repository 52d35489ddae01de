import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type FieldProblem, isDomainError } from '../../domain/common/errors.ts';
import { isSettling } from '../../domain/publishing/publish-reconcile.ts';
import { type PublishTask, markFinal, markWaiting, ourError } from '../../domain/publishing/publish-task.ts';
import { chooseOperation } from '../../domain/publishing/publish-update.ts';
import { type PreparePublication } from './prepare-publication.ts';
import { marketplaceIdOf } from './publication-dispatch.ts';
import { type ReconcileUnansweredDeps, makeReconcileUnanswered } from './reconcile-unanswered.ts';
import { type Outgoing } from './publish-batches.ts';
import { makeSendHold, type SendHold } from './publish-holds.ts';
import { RESEND_DELAY_MS, type SendPublications } from './send-publications.ts';

/** The marketplace, shop access and `settleMs` are for records whose earlier send went unanswered (reconcile-unanswered.ts). */
export type SendWaitingDeps = ReconcileUnansweredDeps & {
  readonly shops: ShopRepository;
  readonly products: ProductRepository;
  readonly publishTasks: PublishTaskRepository;
  readonly preparePublication: PreparePublication;
  readonly sendPublications: SendPublications;
  readonly clock: Clock;
  /** Names each claim: the records' holder while this sender has them. */
  readonly ids: Ids;
  /** How long claimed records stay with this sender before another may take them (default `CLAIM_LEASE_MS`). */
  readonly claimLeaseMs?: number;
  /**
   * Told about what went out (the audit log's `publish_sent`): the records this pass sent, as stored after the send, and
   * the records of an earlier send whose answer was lost, as they were then, once their card is found (that send went out).
   */
  readonly onSent?: (sends: { readonly sent: readonly PublishTask[]; readonly arrived: readonly PublishTask[] }) => void | Promise<void>;
};
/** Sends due `waiting_quota` records; answers them as stored afterwards. */
export type SendWaiting = (records: readonly PublishTask[]) => Promise<PublishTask[]>;

/** How long a claimed send may take before another process may take the records over (a send is seconds). */
export const CLAIM_LEASE_MS = 5 * 60_000;

const asErrors = (problems: readonly FieldProblem[]) => problems.map((problem) => ourError('PUBLISH_CHECK_FAILED', problem.message, problem.path));

/**
 * The background half of publishing's `waiting_quota` (docs/decisions.md, Publishing): each record's product is checked again as it is now (the seller may
 * have changed it meanwhile) and sent within the quota; a product that no longer passes fails with the reasons.
 * A record whose earlier send may have gone out unanswered is first reconciled with the marketplace's cards and
 * sent again only when that send never arrived. When the marketplace cannot be read, the records wait a minute.
 */
export function makeSendWaiting(deps: SendWaitingDeps): SendWaiting {
  const { shops, products, publishTasks, preparePublication, sendPublications, clock, ids, claimLeaseMs = CLAIM_LEASE_MS } = deps;
  const reconcileUnanswered = makeReconcileUnanswered(deps);
  const sendForShop = async (shopId: string, claimed: readonly PublishTask[], hold: SendHold): Promise<PublishTask[]> => {
    const now = clock.now().toISOString();
    const failAll = async (code: string, message: string): Promise<PublishTask[]> =>
      hold.store(
        'shop unusable',
        claimed.map((record) => markFinal(record, 'failed', [ourError(code, message)], now)),
      );
    const shop = await shops.findById(shopId);
    if (!shop) return failAll('SHOP_NOT_FOUND', '店铺已删除，商品未发布');
    if (shop.status !== 'active') return failAll('SHOP_NOT_ACTIVE', '店铺的 API Key 未通过测试，商品未发布；请更新 Key 后重新发布');
    // Claimed records all wait (`claimWaiting`), so those settling are exactly the ones sent before without an answer.
    const { kept, resend, arrived } = await reconcileUnanswered(shop, claimed.filter(isSettling), hold);
    if (arrived.length > 0) await deps.onSent?.({ sent: [], arrived });
    const records = [...claimed.filter((record) => !isSettling(record)), ...resend];

    const finished: PublishTask[] = [];
    const outgoing: Outgoing[] = [];
    try {
      for (const record of records) {
        const product = await products.findById(record.product_id);
        if (!product) {
          finished.push(markFinal(record, 'failed', [ourError('PRODUCT_NOT_FOUND', '商品已删除，未发布')], now));
          continue;
        }
        const prepared = await preparePublication(product, shop).catch((error: unknown) => {
          if (isDomainError(error) && error.kind === 'invalid') return { ok: false as const, problems: error.problems };
          throw error;
        });
        if (!prepared.ok) {
          finished.push(markFinal(record, 'failed', asErrors(prepared.problems), now));
          continue;
        }
        const variantItem = prepared.items.find((candidate) => candidate.variant_id === record.variant_id);
        if (!variantItem) {
          finished.push(markFinal(record, 'failed', [ourError('VARIANT_NOT_PUBLISHABLE', '该款式已删除或已停用，未发布')], now));
          continue;
        }
        const { item } = variantItem;
        const isNewCard = marketplaceIdOf(product, record.variant_id) === null;
        const previous = isNewCard ? undefined : await publishTasks.lastCard(product.id, shop.id, record.variant_id);
        outgoing.push({ record, item, operation: chooseOperation(previous?.card ?? null, item), isNewCard });
      }
    } catch {
      const waiting = records.map((record) => markWaiting(record, new Date(Date.parse(now) + RESEND_DELAY_MS).toISOString(), now));
      return [...kept, ...(await hold.store('products unreadable', waiting))];
    }
    const stored = await hold.store('checked again', finished);
    const sent = await sendPublications(shop, outgoing, { undoable: false, hold });
    await deps.onSent?.({ sent, arrived: [] });
    return [...kept, ...stored, ...sent];
  };

  return async (due) => {
    // Another process (or this one's next pass) leaves claimed records alone until the lease lapses.
    const now = clock.now().toISOString();
    const leaseUntil = new Date(Date.parse(now) + claimLeaseMs).toISOString();
    const hold = makeSendHold(publishTasks, ids.uuid(), deps.onTakenOver);
    const claimed = new Set(
      await publishTasks.claimWaiting(
        due.map((record) => record.id),
        now,
        leaseUntil,
        hold.holder,
      ),
    );
    // As claimed: a record written back unchanged (its send about to start) keeps the claim's lease.
    const records = due.filter((record) => claimed.has(record.id)).map((record) => ({ ...record, next_poll_at: leaseUntil }));
    const byShop = new Map<string, PublishTask[]>();
    for (const record of records) byShop.set(record.shop_id, [...(byShop.get(record.shop_id) ?? []), record]);
    const results: PublishTask[] = [];
    for (const [shopId, group] of byShop) results.push(...(await sendForShop(shopId, group, hold)));
    return results;
  };
}
