import { rulesPlan } from '../../domain/ai/rules-planner.ts';
import { type GenerateSuite, type GenerateSuiteOutput, type WatermarkInput } from './generate-suite.ts';

export type LegacyImageSuiteDeps = { readonly generateSuite: GenerateSuite };
export type LegacyImageSuiteInput = {
  readonly productId: string;
  readonly imageUrl: string;
  readonly sellingPoints: readonly string[];
  readonly model: string | null;
  readonly watermark: WatermarkInput | null;
};
export type LegacyImageSuite = (input: LegacyImageSuiteInput) => Promise<GenerateSuiteOutput>;

/**
 * POST /image/suite, the earlier endpoint: one image plus selling points. It becomes a rules-planned suite on
 * the same queue, so clients of both revisions see the same job.
 */
export function makeLegacyImageSuite(deps: LegacyImageSuiteDeps): LegacyImageSuite {
  return (input) => {
    const texts = input.sellingPoints.map((content) => ({ kind: 'selling_point', content }));
    const plan = rulesPlan({ texts, sku_variants: [], image_stats: { main: 1, sku: 0, detail: 0 }, requirements: null });
    return deps.generateSuite({
      productId: input.productId,
      texts,
      images: [{ url: input.imageUrl, group_key: 'main', variant_name: null }],
      styleSet: 0,
      stylePrompt: null,
      requirements: null,
      plan: plan.items,
      platform: 'ozon',
      model: input.model,
      watermark: input.watermark,
    });
  };
}
