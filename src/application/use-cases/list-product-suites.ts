import { type SuiteJob } from '../../domain/ai/suite-job.ts';
import { loadProduct } from '../product-access.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type SuiteJobStore } from '../ports/suite-jobs.ts';

/** Earlier suites a product lists (each up to 15 images; a product rarely has more than a few). */
export const PRODUCT_SUITES_LIMIT = 50;

export type ListProductSuitesDeps = { readonly suiteJobs: SuiteJobStore; readonly products: ProductRepository };
export type ListProductSuites = (productId: string) => Promise<SuiteJob[]>;

/** GET /products/{id}/suites: the product's suite jobs, newest first (docs/decisions.md, AI); unknown product → 404. */
export function makeListProductSuites(deps: ListProductSuitesDeps): ListProductSuites {
  return async (productId) => {
    await loadProduct(deps.products, productId);
    return deps.suiteJobs.listByProduct(productId, PRODUCT_SUITES_LIMIT);
  };
}
