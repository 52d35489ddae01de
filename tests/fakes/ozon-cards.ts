import { type Item, type Task, importResult } from './ozon-products.ts';

/** Where an offer's card came from: the import task that last sent it (its result is the card's state), and when it was made. */
type CardOrigin = { readonly taskId: number; readonly index: number; readonly createdAt: string };
type ResultItem = {
  status: string;
  errors: { code: string; message: string; level: string; state: string; description: string; field: string; attribute_id: number; attribute_name: string }[];
};

/**
 * The marketplace's cards by offer id, shared by the fake Seller API and its in-memory stand-in: an import makes a
 * card for each offer not seen before (a known offer keeps its product id: importing it updates its card).
 */
export function makeCardBook(now: () => number = Date.now) {
  /** offer_id → product id. */
  const offers = new Map<string, number>();
  const origins = new Map<string, CardOrigin>();
  let nextProductId = 880_000_001;
  return {
    offers: offers as ReadonlyMap<string, number>,

    /** The product id of each item of task `taskId`; an import makes the cards of offers not seen before. */
    assign(kind: Task['kind'], taskId: number, items: readonly Item[]): number[] {
      return items.map((item, index) => {
        const offerId = String(item.offer_id);
        let id = offers.get(offerId);
        if (id === undefined) {
          id = nextProductId++;
          if (kind === 'import') offers.set(offerId, id);
        }
        if (kind === 'import') origins.set(offerId, { taskId, index, createdAt: origins.get(offerId)?.createdAt ?? new Date(now()).toISOString() });
        return id;
      });
    },

    /**
     * `/v3/product/info/list` by `offer_id` (v3GetProductInfoListResponse items): each known offer's card as its
     * task stands, errors in the method's shape (`ERROR_LEVEL_*`, texts). A lookup moves the task on as a poll of
     * `/v1/product/import/info` does (`lookups`), so a card is "being made" for the task's planned pending polls.
     */
    list(offerIds: readonly string[], tasks: ReadonlyMap<number, Task>): unknown[] {
      const looked = new Set<Task>();
      return offerIds.flatMap((offerId) => {
        const origin = origins.get(offerId);
        const task = origin && tasks.get(origin.taskId);
        if (!origin || !task) return [];
        if (!looked.has(task)) task.lookups = (task.lookups ?? 0) + 1;
        looked.add(task);
        const item = importResult({ ...task, polls: task.polls + (task.lookups ?? 0) })[origin.index] as ResultItem;
        const created = item.status === 'imported';
        const errors = item.errors.map(({ attribute_id, code, field, level, state, attribute_name, description, message }) => ({
          ...{ attribute_id, code, field, level: level === 'error' ? 'ERROR_LEVEL_ERROR' : 'ERROR_LEVEL_WARNING', state },
          texts: { attribute_name, description, message, short_description: '', hint_code: '', params: [] },
        }));
        const statuses = {
          is_created: created,
          status: created ? 'imported' : item.status === 'failed' ? 'failed' : 'processing',
          moderate_status: '',
          validation_status: '',
        };
        return [{ id: offers.get(offerId), offer_id: offerId, created_at: origin.createdAt, updated_at: origin.createdAt, statuses, errors }];
      });
    },
  };
}
