import { type MarketOfferRepository } from '../ports/market-offers.ts';
import { type UnitOfWork } from '../ports/unit-of-work.ts';
import { type Clock } from '../ports/clock.ts';
import { type GetFxRate } from '../use-cases/get-fx-rate.ts';
import { type RepriceProduct } from '../use-cases/reprice-product.ts';
import { loadProduct } from '../product-access.ts';
import { type PublishMany } from './publish-many.ts';
import { conflict, invalid, isDomainError } from '../../domain/common/errors.ts';
import { mergeGroup } from '../../domain/common/merge-patch.ts';
import { type PricingPolicy } from '../../domain/pricing/pricing.ts';
import { pricingInputsOf } from '../../domain/pricing/product-pricing.ts';
import { MARGIN_LIMITS, markupForMargin } from '../../domain/pricing/real-margin.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/catalog/product-stage.ts';

export type RepriceToMarginDeps = {
  readonly unitOfWork: UnitOfWork;
  readonly marketOffers: Pick<MarketOfferRepository, 'ofProducts'>;
  readonly policy: PricingPolicy;
  readonly getFxRate: GetFxRate;
  readonly repriceProduct: RepriceProduct;
  readonly publishMany: PublishMany;
  readonly clock: Clock;
};

export type RepriceResult = { product_id: string; ok: boolean; code?: string; detail?: string };
export type RepriceToMargin = (productIds: readonly string[], marginPercent: number) => Promise<RepriceResult[]>;

/**
 * Bulk `reprice_to_margin` (docs/decisions.md, Real margin): each product's markup becomes the one whose price has
 * the asked real margin under the marketplace's commission (the highest of its offers', the tier's while unknown),
 * through the one computation; the new price is then published to each shop the product is on, as a price update
 * (the 10-an-hour rule holds there: a send past it waits). Each product stands alone.
 */
export function makeRepriceToMargin(deps: RepriceToMarginDeps): RepriceToMargin {
  return async (productIds, marginPercent) => {
    if (!(marginPercent >= MARGIN_LIMITS.min && marginPercent < MARGIN_LIMITS.below))
      throw invalid('MARGIN_OUT_OF_RANGE', `目标利润率必须在 ${MARGIN_LIMITS.min}% 到 ${MARGIN_LIMITS.below}% 之间（不含 ${MARGIN_LIMITS.below}%）`, [
        { path: '/params/margin_percent', message: '利润率必须 ≥ 0 且 < 100' },
      ]);
    const offers = await deps.marketOffers.ofProducts(productIds);
    const rate = (await deps.getFxRate()).rate;
    const results: RepriceResult[] = [];
    const shopsOf = new Map<string, string[]>();
    await deps.unitOfWork.run(async ({ products }) => {
      const now = deps.clock.now().toISOString();
      for (const id of productIds) {
        try {
          const current = await loadProduct(products, id);
          assertEditable(current);
          const inputs = pricingInputsOf(current);
          if (!inputs) throw invalid('PRICING_INPUTS_MISSING', '缺少采购成本或重量，无法按利润率定价');
          const mine = offers.filter((offer) => offer.product_id === id);
          const commissions = mine.map((offer) => offer.market_commission_percent).filter((value): value is number => value !== null);
          const commission = commissions.length > 0 ? Math.max(...commissions) : undefined;
          const markup = markupForMargin(inputs, inputs.fx_override ?? rate, deps.policy, marginPercent, commission);
          const priced = await deps.repriceProduct({ ...current, pricing: mergeGroup(current.pricing, { markup_percent: markup }) });
          const next = revise(priced, { stage: stageAfterEdit(current.stage, true) }, now);
          if (!(await products.update(next, current.version))) throw conflict('PRODUCT_CHANGED', '商品正在被同时修改，请重试');
          for (const shopId of new Set(mine.map((offer) => offer.shop_id))) shopsOf.set(shopId, [...(shopsOf.get(shopId) ?? []), id]);
          results.push({ product_id: id, ok: true });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          results.push({ product_id: id, ok: false, code: error.code, detail: error.detail });
        }
      }
    });
    // Sent after the prices are stored, per shop: a product the shop refuses keeps its new price and says why.
    for (const [shopId, ids] of shopsOf) {
      try {
        const sent = await deps.publishMany({ shopId, productIds: ids });
        for (const refusal of sent.refused) {
          const result = results.find((candidate) => candidate.product_id === refusal.product_id);
          if (result)
            Object.assign(result, {
              ok: false,
              code: 'PUBLISH_REFUSED',
              detail: `价格已更新，但未能发送到平台：${refusal.errors.map((e) => e.message).join('；')}`,
            });
        }
      } catch (error) {
        if (!isDomainError(error)) throw error;
        for (const result of results.filter((candidate) => ids.includes(candidate.product_id)))
          Object.assign(result, { ok: false, code: error.code, detail: `价格已更新，但未能发送到平台：${error.detail}` });
      }
    }
    return results;
  };
}
