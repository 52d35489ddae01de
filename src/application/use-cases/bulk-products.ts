import { conflict, type FieldProblem, invalid, isDomainError } from '../../domain/common/errors.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { mergeGroup } from '../../domain/common/merge-patch.ts';
import { type Stage } from '../../domain/catalog/product.ts';
import { missingPricingInputs, pricingInputsChanged } from '../../domain/pricing/product-pricing.ts';
import { hasPricingInputs } from '../../domain/variants/variant-pricing.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/catalog/product-stage.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type JobStore } from '../ports/job-store.ts';
import { type UnitOfWork } from '../ports/unit-of-work.ts';
import { type DeleteProduct } from './delete-product.ts';
import { type GetFxRate } from './get-fx-rate.ts';
import { type MoveProductStage } from './move-product-stage.ts';
import { loadProduct } from '../product-access.ts';
import { type RepriceProduct } from './reprice-product.ts';
import { type MarketActions } from '../publishing/market-actions.ts';
import { type SetSaleStock } from '../stock/set-stock.ts';
import { type RepriceToMargin } from '../publishing/reprice-to-margin.ts';

export const BULK_ACTIONS = [
  'stage',
  'archive',
  'restore',
  'delete',
  'pricing',
  'copy',
  'suite',
  'market_archive',
  'market_unarchive',
  'stock',
  'reprice_to_margin',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** `params` per action, as the HTTP edge checked them. */
export type BulkParams = {
  stage: { stage: Stage };
  archive: Record<string, never>;
  restore: Record<string, never>;
  delete: Record<string, never>;
  pricing: { markup_percent?: number | null; reserve_discount_percent?: number | null; tier?: string | null; fx_rate?: number | null };
  copy: { model?: string | null };
  suite: { model: string; plan?: unknown[] | null };
  market_archive: Record<string, never>;
  market_unarchive: Record<string, never>;
  stock: { stock: number };
  reprice_to_margin: { margin_percent: number };
};

/** One action on many products, by `actor` (each product's last editor; absent: no one is named). */
export type BulkInput = {
  [A in BulkAction]: { readonly action: A; readonly productIds: readonly string[]; readonly params: BulkParams[A]; readonly actor?: Actor | undefined };
}[BulkAction];

/** One product's answer; a refusal carries the checks that failed, each at its field (issue 32 item 4: "2 项检查未通过" said not which). */
export type BulkResult = { product_id: string; ok: boolean; code?: string; detail?: string; errors?: FieldProblem[]; job_id?: string };

export type BulkProductsDeps = {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly jobs: JobStore;
  readonly moveProductStage: MoveProductStage;
  readonly deleteProduct: DeleteProduct;
  readonly repriceProduct: RepriceProduct;
  /** Read once before the pricing transaction, so no rate is fetched from outside while it holds the database. */
  readonly getFxRate: GetFxRate;
  /** Archive or restore on the marketplace (≤ 100 products, docs/decisions.md, Archive on the marketplace). */
  readonly marketActions: MarketActions;
  /** The bulk `stock` action: a product's sale stock (every variant's), then its pairs on warehouses follow (docs/decisions.md, Stock). */
  readonly setSaleStock: SetSaleStock;
  /** The markup that reaches a real margin, sent as a price update (docs/decisions.md, Real margin). */
  readonly repriceToMargin: RepriceToMargin;
  /** Tells the job worker there is work. */
  readonly onJobQueued: () => void;
};

export type BulkProducts = (input: BulkInput) => Promise<{ results: BulkResult[] }>;

const refusal = (productId: string, error: unknown): BulkResult => {
  if (!isDomainError(error)) throw error;
  return { product_id: productId, ok: false, code: error.code, detail: error.detail, ...(error.problems.length > 0 ? { errors: [...error.problems] } : {}) };
};

/**
 * POST /products/bulk (docs/decisions.md, Bulk actions and jobs): each product stands alone, so one refusal stops none of the others.
 * Pricing runs in one transaction (500 products well under 2 s); copy and suite queue one durable job.
 */
export const makeBulkProducts = (deps: BulkProductsDeps): BulkProducts => {
  const eachAlone = async (ids: readonly string[], work: (id: string) => Promise<void>): Promise<BulkResult[]> => {
    const results: BulkResult[] = [];
    for (const id of ids) {
      try {
        await work(id);
        results.push({ product_id: id, ok: true });
      } catch (error) {
        results.push(refusal(id, error));
      }
    }
    return results;
  };

  const reprice = async (ids: readonly string[], params: BulkParams['pricing'], actor: Actor | undefined): Promise<BulkResult[]> => {
    await deps.getFxRate();
    return deps.unitOfWork.run(async ({ products }) => {
      const now = deps.clock.now().toISOString();
      const patch = params as JsonObject;
      return eachAlone(ids, async (id) => {
        const current = await loadProduct(products, id);
        assertEditable(current);
        const edited = { ...current, pricing: mergeGroup(current.pricing, patch) };
        // Nothing given reprices on the policy's defaults (issue 32 item 5); otherwise an unchanged product is left alone.
        // Variants priced on their own costs count as priced (docs/decisions.md, Variants).
        const missing = hasPricingInputs(edited) ? [] : missingPricingInputs(edited);
        if (Object.keys(patch).length > 0 && !pricingInputsChanged(current, edited) && missing.length === 0) return;
        if (Object.keys(patch).length > 0 || missing.length === 0) {
          const priced = await deps.repriceProduct(edited);
          const next = attributed(revise(priced, { stage: stageAfterEdit(current.stage, pricingInputsChanged(current, edited)) }, now), actor);
          if (!(await products.update(next, current.version))) throw conflict('PRODUCT_CHANGED', '商品正在被同时修改，请重试');
        }
        // Honest counts: a product still without what its price needs is not priced, whatever was saved.
        if (missing.length > 0) throw invalid('PRICING_INPUTS_MISSING', `没有定价：${missing.map((problem) => problem.message).join('；')}`, missing);
      });
    });
  };

  const queue = async (input: Extract<BulkInput, { action: 'copy' | 'suite' }>): Promise<BulkResult[]> => {
    const found: string[] = [];
    const results = await deps.unitOfWork.run(async ({ products }) =>
      eachAlone(input.productIds, async (id) => {
        assertEditable(await loadProduct(products, id));
        found.push(id);
      }),
    );
    if (found.length === 0) return results;
    const jobId = deps.ids.uuid();
    await deps.jobs.create(
      { id: jobId, kind: input.action, params: input.params as JsonObject, subjects: found.map((id) => ({ product_id: id })) },
      deps.clock.now().toISOString(),
    );
    deps.onJobQueued();
    return results.map((result) => (result.ok ? { ...result, job_id: jobId } : result));
  };

  return async (input) => {
    switch (input.action) {
      case 'stage':
        return {
          results: await eachAlone(input.productIds, async (id) => void (await deps.moveProductStage({ id, stage: input.params.stage, actor: input.actor }))),
        };
      case 'archive':
        return { results: await eachAlone(input.productIds, (id) => deps.deleteProduct({ id, hard: false, actor: input.actor })) };
      case 'delete':
        return { results: await eachAlone(input.productIds, (id) => deps.deleteProduct({ id, hard: true, actor: input.actor })) };
      case 'restore':
        return {
          results: await eachAlone(input.productIds, async (id) => {
            await deps.unitOfWork.run(async ({ products }) => {
              if ((await loadProduct(products, id)).stage !== 'archived') throw conflict('NOT_ARCHIVED', '商品没有归档，无需恢复');
            });
            await deps.moveProductStage({ id, stage: 'editing', actor: input.actor });
          }),
        };
      case 'pricing':
        return { results: await reprice(input.productIds, input.params, input.actor) };
      case 'copy':
      case 'suite':
        return { results: await queue(input) };
      case 'market_archive':
      case 'market_unarchive':
        return { results: await deps.marketActions(input.action === 'market_archive' ? 'archive' : 'unarchive', input.productIds) };
      case 'stock':
        return { results: await eachAlone(input.productIds, (id) => deps.setSaleStock(id, input.params.stock, input.actor)) };
      case 'reprice_to_margin':
        return { results: await deps.repriceToMargin(input.productIds, input.params.margin_percent) };
    }
  };
};
