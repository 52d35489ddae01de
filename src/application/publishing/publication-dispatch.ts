import { type Clock } from '../ports/clock.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { type Ids } from '../ports/ids.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type FieldProblem, isDomainError } from '../../domain/common/errors.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { type PublishTask, newWaitingRecord } from '../../domain/publishing/publish-task.ts';
import { chooseOperation } from '../../domain/publishing/publish-update.ts';
import { openPublishRefusal } from '../../domain/publishing/publish-queue.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { type OnRecordsTakenOver, makeSendHold } from './publish-holds.ts';
import { writeVariantStatuses } from './publish-write-back.ts';
import { type PreparePublication } from './prepare-publication.ts';
import { type Outgoing } from './publish-batches.ts';
import { type SendPublications } from './send-publications.ts';
import { waitingPriceRecords } from './price-send-holds.ts';

/** One card of a product about to go out: the product itself, or one of its enabled variants (docs/decisions.md, Variants). */
export type CandidateEntry = Omit<Outgoing, 'record'> & {
  readonly variant_id: string | null;
  /** The shop already has a card under this offer id (made by hand or another tool): it goes as an update of that card. */
  readonly existing?: { readonly marketplace_product_id: string };
};

/** A product ready to go out (one entry per card), or why it cannot. */
export type Candidate =
  | {
      readonly ok: true;
      readonly product: Product;
      readonly entries: readonly CandidateEntry[];
      /** Price updates of this product already waiting for the hourly limit: the publish joins them (price-send-holds.ts). */
      readonly joining?: readonly PublishTask[];
    }
  | { readonly ok: false; readonly code: string; readonly detail: string; readonly problems: readonly FieldProblem[] };

const refused = (code: string, detail: string, problems: readonly FieldProblem[]): Candidate => ({ ok: false, code, detail, problems });

/** The marketplace id of the product's card, or of one variant's card. */
export const marketplaceIdOf = (product: Product, variantId: string | null): string | null =>
  variantId === null ? product.marketplace_product_id : (product.variants.find((variant) => variant.id === variantId)?.marketplace_product_id ?? null);

/** Until the request that made them has sent them, new records wait this long before the background sender may. */
export const REQUEST_GRACE_MS = 120_000;

export type PublicationDispatchDeps = {
  readonly products: ProductRepository;
  readonly publishTasks: PublishTaskRepository;
  readonly preparePublication: PreparePublication;
  readonly sendPublications: SendPublications;
  readonly ids: Ids;
  readonly clock: Clock;
  /** How long the background sender leaves new records to the request sending them (default `REQUEST_GRACE_MS`). */
  readonly sendLeaseMs?: number;
  /** Told about the records a request sent or queued, and who sent them (the poller wakes, the audit log records them). */
  readonly onRecords?: (records: readonly PublishTask[], actor: Actor | undefined) => void | Promise<void>;
  /** Told about records the background sender took over from a request held past the lease (logged at warn). */
  readonly onTakenOver?: OnRecordsTakenOver;
  /**
   * The shop's cards among these offer ids (offer id → marketplace product id), looked up before cards are created
   * (docs/decisions.md, Duplicates); without it every card we have no id for is new.
   */
  readonly existingCards?: (shop: Shop, offerIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
};

/** Whether any card of the candidate goes as an update of a card the shop already had (the publish answer's `existing`). */
export const isExisting = (candidate: Extract<Candidate, { ok: true }>): boolean => candidate.entries.some((entry) => entry.existing !== undefined);

export type PublicationDispatch = {
  /** The publish checks of one product for one shop, and how its card would be sent (new, full update, pictures, price). */
  evaluate(product: Product | undefined, shop: Shop): Promise<Candidate>;
  /** The same for many products, read from storage in bulk; answers one candidate per id, in order. */
  evaluateMany(productIds: readonly string[], shop: Shop): Promise<Candidate[]>;
  /**
   * Records the candidates (waiting, so a crash leaves them to the background sender), then sends them. When the
   * marketplace fails before anything went out the records are removed and the error thrown: nothing is lost.
   * Records the background sender took over meanwhile (the request outlived `sendLeaseMs`) are its own: answered
   * as it stored them.
   */
  dispatch(shop: Shop, candidates: readonly Extract<Candidate, { ok: true }>[], actor?: Actor): Promise<PublishTask[]>;
};

export function makePublicationDispatch(deps: PublicationDispatchDeps): PublicationDispatch {
  const { publishTasks, preparePublication, sendPublications, ids, clock } = deps;
  /** Why a product with open records is refused: awaiting a result, or queued with when it goes (publish-queue.ts). */
  const openRefusal = async (productId: string): Promise<Candidate> => {
    const { items } = await publishTasks.listByProduct(productId, { page: 1, pageSize: 100 });
    const { code, message } = openPublishRefusal(items.filter((record) => record.status === 'pending' || record.status === 'waiting_quota'));
    return refused(code, message, [{ path: 'product_id', message }]);
  };
  const judge = async (product: Product | undefined, shop: Shop, open: boolean): Promise<Candidate> => {
    if (!product) return refused('PRODUCT_NOT_FOUND', '商品不存在', [{ path: 'product_id', message: '商品不存在' }]);
    if (product.stage !== 'ready' && product.stage !== 'published') {
      const message = '只有「待上架」或已发布的商品才能发布，请先通过就绪检查';
      return refused('PRODUCT_NOT_READY', message, [{ path: 'stage', message }]);
    }
    const joining = open ? await waitingPriceRecords(publishTasks, product.id) : undefined;
    if (open && !joining) return openRefusal(product.id);
    let prepared;
    try {
      prepared = await preparePublication(product, shop);
    } catch (error) {
      if (isDomainError(error) && error.kind === 'invalid') return refused(error.code, error.detail, error.problems);
      throw error;
    }
    if (!prepared.ok) return refused('PUBLISH_CHECKS_FAILED', `商品还不能发布：${prepared.problems.length} 项检查未通过`, prepared.problems);
    const entries: CandidateEntry[] = [];
    for (const { variant_id, item } of prepared.items) {
      const isNewCard = marketplaceIdOf(product, variant_id) === null;
      const previous = isNewCard ? undefined : await publishTasks.lastCard(product.id, shop.id, variant_id);
      entries.push({ variant_id, item, operation: chooseOperation(previous?.card ?? null, item), isNewCard });
    }
    return { ok: true, product, entries, ...(joining ? { joining } : {}) };
  };

  /** New cards whose offer id the shop already has become updates of those cards (one lookup for all). */
  const markExisting = async (candidates: Candidate[], shop: Shop): Promise<Candidate[]> => {
    const offers = candidates.flatMap((candidate) =>
      candidate.ok ? candidate.entries.filter((entry) => entry.isNewCard).map((entry) => entry.item.offer_id) : [],
    );
    if (!deps.existingCards || offers.length === 0) return candidates;
    const found = await deps.existingCards(shop, offers);
    if (found.size === 0) return candidates;
    return candidates.map((candidate) => {
      if (!candidate.ok) return candidate;
      const entries = candidate.entries.map((entry) => {
        const id = entry.isNewCard ? found.get(entry.item.offer_id) : undefined;
        if (id === undefined) return entry;
        // The marketplace copies no card onto an offer it has: a copy of an existing offer sends its price (docs/decisions.md, Follow-selling).
        const operation = entry.operation === 'copy' ? 'prices' : entry.operation;
        return { ...entry, operation, isNewCard: false, existing: { marketplace_product_id: id } };
      });
      return { ...candidate, entries };
    });
  };

  return {
    evaluate: async (product, shop) =>
      (await markExisting([await judge(product, shop, product !== undefined && (await publishTasks.hasPendingForProduct(product.id)))], shop))[0]!,

    async evaluateMany(productIds, shop) {
      const [products, open] = await Promise.all([deps.products.findByIds(productIds), publishTasks.openProductIds(productIds)]);
      const byId = new Map(products.map((product) => [product.id, product]));
      const candidates: Candidate[] = [];
      for (const id of productIds) candidates.push(await judge(byId.get(id), shop, open.has(id)));
      return markExisting(candidates, shop);
    },

    async dispatch(shop, all, actor) {
      const joined = all.flatMap((candidate) => candidate.joining ?? []);
      const candidates = all.filter((candidate) => !candidate.joining);
      if (candidates.length === 0) return joined;
      const now = clock.now().toISOString();
      const sendAt = new Date(Date.parse(now) + (deps.sendLeaseMs ?? REQUEST_GRACE_MS)).toISOString();
      const outgoing: Outgoing[] = candidates.flatMap(({ product, entries }) =>
        entries.map(({ variant_id, existing, ...entry }) => ({
          ...entry,
          record: {
            ...newWaitingRecord(
              { id: ids.uuid(), product_id: product.id, variant_id, shop_id: shop.id, offer_id: entry.item.offer_id, operation: entry.operation },
              sendAt,
              now,
            ),
            marketplace_product_id: existing?.marketplace_product_id ?? marketplaceIdOf(product, variant_id),
          },
        })),
      );
      // The request holds its records under the first one's id (unique, and no further id is drawn).
      const hold = makeSendHold(publishTasks, `request:${outgoing[0]!.record.id}`, deps.onTakenOver);
      await publishTasks.insertHeld(
        hold.holder,
        outgoing.map(({ record }) => record),
      );
      const recordIds = outgoing.map(({ record }) => record.id);
      const storedNow = async (wanted: readonly string[]) =>
        (await Promise.all(wanted.map((id) => publishTasks.findById(id)))).filter((record): record is PublishTask => record !== undefined);
      let records: PublishTask[];
      try {
        records = await sendPublications(shop, outgoing, { undoable: true, hold });
      } catch (error) {
        await publishTasks.removeHeld(hold.holder, recordIds);
        // Undone, unless the background sender took records over meanwhile: those go on, and are answered.
        const takenOver = await storedNow(recordIds);
        if (takenOver.length === 0) throw error;
        return takenOver;
      }
      await writeVariantStatuses(deps.products, records, clock.now().toISOString(), actor);
      await deps.onRecords?.(records, actor);
      const written = new Set(records.map((record) => record.id));
      return [...records, ...(await storedNow(recordIds.filter((id) => !written.has(id)))), ...joined];
    },
  };
}
