import { type FieldProblem } from '../../domain/common/errors.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { isSettling } from '../../domain/publishing/publish-reconcile.ts';
import { findPublishingShop } from './prepare-publication.ts';
import { type Candidate, type PublicationDispatch, isExisting } from './publication-dispatch.ts';
import { type ShopAccess } from '../shop-access.ts';

export type PublishManyDeps = { readonly shopAccess: ShopAccess; readonly publicationDispatch: PublicationDispatch };
/** `actor`: who publishes, for the audit log's `publish_sent`. */
export type PublishManyInput = { readonly shopId: string; readonly productIds: readonly string[]; readonly actor?: Actor | undefined };
export type PublishManyOutput = {
  readonly tasks: { task_id: string; product_ids: string[] }[];
  readonly waiting: string[];
  /** Those of `waiting` whose send went out unanswered: looked up on the marketplace before any resend. */
  readonly settling: string[];
  /** `code` names a refusal by the marketplace at the send (`COPY_NOT_ALLOWED`); refusals by our checks have none. */
  readonly refused: { product_id: string; errors: readonly FieldProblem[]; code?: string }[];
  /** Each accepted product: `existing` when its card was already on the shop (same offer id) and goes as an update of it. */
  readonly products: { product_id: string; existing: boolean }[];
};
export type PublishMany = (input: PublishManyInput) => Promise<PublishManyOutput>;

/**
 * Bulk publish (docs/decisions.md, Publishing): every product is checked on its own (a refusal stops none of the others), the
 * rest go out at most 100 per import request within the shop's daily quota; beyond it they wait and go out by
 * themselves. The marketplace down before anything was sent → 502 and nothing recorded.
 */
export function makePublishMany({ shopAccess, publicationDispatch }: PublishManyDeps): PublishMany {
  return async ({ shopId, productIds, actor }) => {
    const shop = await findPublishingShop(shopAccess, shopId);
    const ids = [...new Set(productIds)];
    const accepted: Extract<Candidate, { ok: true }>[] = [];
    const refused: PublishManyOutput['refused'] = [];
    const candidates = await publicationDispatch.evaluateMany(ids, shop);
    candidates.forEach((candidate, index) => {
      if (candidate.ok) accepted.push(candidate);
      else refused.push({ product_id: ids[index]!, errors: candidate.problems });
    });
    const records = await publicationDispatch.dispatch(shop, accepted, actor);
    const tasks = new Map<string, string[]>();
    const waiting: string[] = [];
    const settling: string[] = [];
    // A product with variants has one record per variant: each product is named once per task, and once as waiting.
    for (const record of records) {
      if (record.task_id === null) {
        // A copy the marketplace would not make (docs/decisions.md, Follow-selling) is answered as refused, with why.
        const copyRefusal = record.status === 'failed' ? record.errors.find((error) => error.code === 'COPY_NOT_ALLOWED') : undefined;
        if (copyRefusal && !refused.some((entry) => entry.product_id === record.product_id))
          refused.push({ product_id: record.product_id, code: copyRefusal.code, errors: [{ path: 'publish_mode', message: copyRefusal.description }] });
        if (record.status === 'waiting_quota' && !waiting.includes(record.product_id)) waiting.push(record.product_id);
        if (isSettling(record) && !settling.includes(record.product_id)) settling.push(record.product_id);
        continue;
      }
      const named = tasks.get(record.task_id) ?? [];
      if (!named.includes(record.product_id)) tasks.set(record.task_id, [...named, record.product_id]);
    }
    // A price update is answered at once: it has no task to follow, its record already holds the result.
    const products = accepted.map((candidate) => ({ product_id: candidate.product.id, existing: isExisting(candidate) }));
    return { tasks: [...tasks].map(([task_id, product_ids]) => ({ task_id, product_ids })), waiting, settling, refused, products };
  };
}
