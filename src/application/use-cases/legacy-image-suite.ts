import { rulesPlan } from '../../domain/rules-planner.ts';
import { type GenerateSuiteInput, type GenerateSuiteOutput, type WatermarkInput } from './generate-suite.ts';

export type LegacyImageSuiteInput = {
  product_id: string;
  image_url: string;
  selling_points: string[];
  model: string | null;
  watermark: WatermarkInput | null;
};

/**
 * POST /image/suite, the earlier endpoint: one image plus selling points. It becomes a rules-planned suite on
 * the same queue, so clients of both revisions see the same job.
 */
export function makeLegacyImageSuite(deps: { generateSuite: (input: GenerateSuiteInput) => Promise<GenerateSuiteOutput> }) {
  return (input: LegacyImageSuiteInput): Promise<GenerateSuiteOutput> => {
    const texts = input.selling_points.map((content) => ({ kind: 'selling_point', content }));
    const plan = rulesPlan({ texts, sku_variants: [], image_stats: { main: 1, sku: 0, detail: 0 }, requirements: null });
    return deps.generateSuite({
      product_id: input.product_id,
      texts,
      images: [{ url: input.image_url, group_key: 'main', variant_name: null }],
      style_set: 0,
      style_prompt: null,
      requirements: null,
      plan: plan.items,
      platform: 'ozon',
      model: input.model,
      watermark: input.watermark,
    });
  };
}
