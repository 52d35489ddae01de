import { type PlannerInput, rulesPlan } from '../../domain/ai/rules-planner.ts';
import { type PlanItem, cleanPlan } from '../../domain/ai/suite-plan.ts';
import { collectedTexts } from '../product-texts.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';

export type PlanSuiteDeps = { readonly catalog: ModelCatalog; readonly products: ProductRepository };

export type PlanSuiteInput = {
  /** With a product and no texts, the plan is made from what was collected for it. */
  readonly productId: string | null;
  readonly platform: string;
  readonly title: string | null;
  readonly model: string | null;
  readonly texts: PlannerInput['texts'];
  readonly skuVariants: readonly string[];
  readonly imageStats: PlannerInput['image_stats'];
  readonly requirements: string | null;
};

export type PlanSuiteOutput = {
  summary: string;
  items: PlanItem[];
  total: number;
  warnings: string[];
  planner: 'model' | 'rules';
  model: string | null;
};

export type PlanSuite = (input: PlanSuiteInput) => Promise<PlanSuiteOutput>;

/**
 * POST /suite/plan: the text model proposes 8–15 images; without one, the deterministic rules planner does.
 * Either way the proposal passes `cleanPlan` (allow-list, counts 0..3, variants) before it is answered.
 */
export function makePlanSuite(deps: PlanSuiteDeps): PlanSuite {
  return async (input) => {
    // With only a product id, plan from what was collected for that product.
    const product = input.productId && input.texts.length === 0 ? await deps.products.findById(input.productId) : undefined;
    const texts = product ? collectedTexts(product.raw.texts) : input.texts;
    const planner: PlannerInput = { texts, sku_variants: input.skuVariants, image_stats: input.imageStats, requirements: input.requirements };
    if (!deps.catalog.hasTextModel() && !input.model) {
      const plan = rulesPlan(planner);
      return { summary: plan.summary, ...cleanPlan(plan.items, input.skuVariants), planner: 'rules', model: null };
    }
    const model = deps.catalog.textModel(input.model);
    const title = input.title ?? texts.find((text) => text.kind === 'title')?.content ?? '';
    const proposal = await model.planSuite({
      context: { product_id: input.productId, title, texts, attributes: {}, sku_variants: input.skuVariants, keywords: [] },
      image_stats: input.imageStats,
      platform: input.platform,
      requirements: input.requirements,
    });
    return { summary: proposal.summary, ...cleanPlan(proposal.items, input.skuVariants), planner: 'model', model: model.id };
  };
}
