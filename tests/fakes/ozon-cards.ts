import { type Task, importResult } from './ozon-products.ts';

/** Where an offer's card came from: the import task that made it, and when. */
export type CardOrigin = { readonly taskId: number; readonly index: number; readonly createdAt: string };

type ResultItem = { status: string; errors: { code: string; message: string; level: string; state: string; description: string; field: string; attribute_id: number; attribute_name: string }[] };

/**
 * `/v3/product/info/list` by `offer_id` (v3GetProductInfoListResponse): each known offer's card as the task that
 * made it stands, its errors in the method's own shape (`ERROR_LEVEL_*`, texts). A lookup moves the task on as a
 * poll of `/v1/product/import/info` does (`lookups`), so a card is "being made" for the task's planned pending polls.
 */
export function cardsByOffer(offerIds: readonly string[], offers: ReadonlyMap<string, number>, origins: ReadonlyMap<string, CardOrigin>, tasks: ReadonlyMap<number, Task>): unknown[] {
  const looked = new Set<Task>();
  return offerIds.flatMap((offerId) => {
    const productId = offers.get(offerId);
    const origin = origins.get(offerId);
    const task = origin && tasks.get(origin.taskId);
    if (productId === undefined || !origin || !task) return [];
    if (!looked.has(task)) {
      task.lookups = (task.lookups ?? 0) + 1;
      looked.add(task);
    }
    const item = importResult({ ...task, polls: task.polls + (task.lookups ?? 0) })[origin.index] as ResultItem;
    const created = item.status === 'imported';
    return [
      {
        id: productId,
        offer_id: offerId,
        created_at: origin.createdAt,
        updated_at: origin.createdAt,
        statuses: { is_created: created, status: created ? 'imported' : item.status === 'failed' ? 'failed' : 'processing', moderate_status: '', validation_status: '' },
        errors: item.errors.map((error) => ({
          attribute_id: error.attribute_id,
          code: error.code,
          field: error.field,
          level: error.level === 'error' ? 'ERROR_LEVEL_ERROR' : 'ERROR_LEVEL_WARNING',
          state: error.state,
          texts: { attribute_name: error.attribute_name, description: error.description, message: error.message, short_description: '', hint_code: '', params: [] },
        })),
      },
    ];
  });
}
