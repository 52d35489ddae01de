import { type JsonObject } from '../../domain/common/json.ts';
import { type JobHandler } from '../job-worker.ts';
import { loadProduct } from '../product-access.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type GenerateSuite } from './generate-suite.ts';
import { type PlanSuite } from './plan-suite.ts';
import { type WriteCopy } from './write-copy.ts';
import { isVideoAsset } from '../../domain/media/video-format.ts';

export type BulkJobHandlerDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly writeCopy: WriteCopy;
  readonly planSuite: PlanSuite;
  readonly generateSuite: GenerateSuite;
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
      const product = await loadProduct(deps.products, productIdOf(subject));
      const draft = await deps.writeCopy({
        productId: product.id,
        title: product.name,
        texts: [],
        attributes: {},
        skuVariants: [],
        keywords: [],
        model: modelOf(params, 'model'),
        requirements: null,
      });
      return { product_id: product.id, model: draft.model };
    },

    async suite(subject, params) {
      const product = await loadProduct(deps.products, productIdOf(subject));
      const stored = (await deps.assets.listByProduct(product.id)).filter((asset) => asset.status === 'stored' && asset.stored_url && !isVideoAsset(asset));
      const stats = { main: 0, sku: 0, detail: 0 };
      for (const asset of stored) if (asset.group_key in stats) stats[asset.group_key as keyof typeof stats] += 1;
      const plan = Array.isArray(params.plan)
        ? params.plan
        : (
            await deps.planSuite({
              productId: product.id,
              title: product.name,
              texts: [],
              skuVariants: [],
              imageStats: stats,
              requirements: null,
              model: null,
              platform: 'ozon',
            })
          ).items;
      const { suite_id } = await deps.generateSuite({
        productId: product.id,
        texts: [],
        images: stored.map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name })),
        styleSet: 0,
        stylePrompt: null,
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
