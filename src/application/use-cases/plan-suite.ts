import { type PlannerInput, rulesPlan } from '../../domain/rules-planner.ts';
import { type PlanItem, cleanPlan } from '../../domain/suite-plan.ts';
import { collectedTexts } from '../product-texts.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';

export type PlanSuiteInput = PlannerInput & {
  product_id: string | null;
  platform: string;
  title: string | null;
  model: string | null;
};

export type PlanSuiteOutput = {
  summary: string;
  items: PlanItem[];
  total: number;
  warnings: string[];
  planner: 'model' | 'rules';
  model: string | null;
};

/**
 * POST /suite/plan: the text model proposes 8–15 images; without one, the deterministic rules planner does.
 * Either way the proposal passes `cleanPlan` (allow-list, counts 0..3, variants) before it is answered.
 */
export function makePlanSuite(deps: { catalog: ModelCatalog; products: ProductRepository }) {
  return async (request: PlanSuiteInput): Promise<PlanSuiteOutput> => {
    // With only a product id, plan from what was collected for that product.
    const product = request.product_id && request.texts.length === 0 ? await deps.products.findById(request.product_id) : undefined;
    const input = product ? { ...request, texts: collectedTexts(product.raw.texts) } : request;
    if (!deps.catalog.hasTextModel() && !input.model) {
      const plan = rulesPlan(input);
      return { summary: plan.summary, ...cleanPlan(plan.items, input.sku_variants), planner: 'rules', model: null };
    }
    const model = deps.catalog.textModel(input.model);
    const title = input.title ?? input.texts.find((text) => text.kind === 'title')?.content ?? '';
    const proposal = await model.planSuite({
      context: { product_id: input.product_id, title, texts: input.texts, attributes: {}, sku_variants: input.sku_variants, keywords: [] },
      image_stats: input.image_stats,
      platform: input.platform,
      requirements: input.requirements,
    });
    return { summary: proposal.summary, ...cleanPlan(proposal.items, input.sku_variants), planner: 'model', model: model.id };
  };
}
