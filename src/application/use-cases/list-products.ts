import { STAGES } from '../../domain/catalog/product.ts';
import { type ProductListQuery, type ProductRepository, type ProductSummary, type StageCounts } from '../ports/product-repository.ts';

export type ListProductsDeps = { readonly products: ProductRepository };
export type ListProductsOutput = { readonly total: number; readonly items: ProductSummary[]; readonly stage_counts: StageCounts };
export type ListProducts = (query: ProductListQuery) => Promise<ListProductsOutput>;

/** GET /products: one page (newest-updated first unless sorted), with counts per stage; archived products only when asked for by stage. */
export const makeListProducts =
  (deps: ListProductsDeps): ListProducts =>
  async (query) => {
    const cleaned = { ...query, q: query.q?.trim() || undefined };
    const stageCounts = await deps.products.stageCounts(cleaned);
    // The counts are of the same matches: the stage's own, or every live stage's (archived only when asked).
    const knownTotal = cleaned.stage ? stageCounts[cleaned.stage] : STAGES.reduce((sum, stage) => (stage === 'archived' ? sum : sum + stageCounts[stage]), 0);
    const page = await deps.products.list({ ...cleaned, knownTotal });
    return { ...page, stage_counts: stageCounts };
  };
