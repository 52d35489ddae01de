import { notFound } from '../../domain/errors.ts';
import { type JsonObject } from '../../domain/json.ts';
import { type JobHandler } from '../job-worker.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type GenerateSuiteInput, type GenerateSuiteOutput } from './generate-suite.ts';
import { type PlanSuiteInput, type PlanSuiteOutput } from './plan-suite.ts';
import { type WriteCopyInput, type WriteCopyOutput } from './write-copy.ts';

export type BulkJobHandlerDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly writeCopy: (input: WriteCopyInput) => Promise<WriteCopyOutput>;
  readonly planSuite: (input: PlanSuiteInput) => Promise<PlanSuiteOutput>;
  readonly generateSuite: (input: GenerateSuiteInput) => Promise<GenerateSuiteOutput>;
};

const productIdOf = (subject: JsonObject): string => String(subject.product_id);
const modelOf = (params: JsonObject, key: string): string | null => (typeof params[key] === 'string' ? params[key] : null);

/**
 * The work of bulk `copy` and `suite` jobs, one product per item: copy writes the product's Russian copy into
 * its `copy` group (as POST /ai/copy with product_id does); suite plans (unless a plan was given) and starts a
 * suite from the product's stored images, the item's result naming the suite (GET /api/suites/{id}).
 */
export function makeBulkJobHandlers(deps: BulkJobHandlerDeps): Record<'copy' | 'suite', JobHandler> {
  return {
    async copy(subject, params) {
      const product = await deps.products.findById(productIdOf(subject));
      if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
      const draft = await deps.writeCopy({
        product_id: product.id,
        title: product.name,
        texts: [],
        attributes: {},
        sku_variants: [],
        keywords: [],
        model: modelOf(params, 'model'),
        requirements: null,
      });
      return { product_id: product.id, model: draft.model };
    },

    async suite(subject, params) {
      const product = await deps.products.findById(productIdOf(subject));
      if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在');
      const stored = (await deps.assets.listByProduct(product.id)).filter((asset) => asset.status === 'stored' && asset.stored_url);
      const stats = { main: 0, sku: 0, detail: 0 };
      for (const asset of stored) if (asset.group_key in stats) stats[asset.group_key as keyof typeof stats] += 1;
      const plan = Array.isArray(params.plan)
        ? params.plan
        : (await deps.planSuite({ product_id: product.id, title: product.name, texts: [], sku_variants: [], image_stats: stats, requirements: null, model: null, platform: 'ozon' })).items;
      const { suite_id } = await deps.generateSuite({
        product_id: product.id,
        texts: [],
        images: stored.map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name })),
        style_set: 0,
        style_prompt: null,
        requirements: null,
        plan,
        platform: 'ozon',
        model: modelOf(params, 'model'),
        watermark: null,
      });
      return { product_id: product.id, suite_id };
    },
  };
}
