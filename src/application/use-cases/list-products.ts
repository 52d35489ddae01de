import { type ProductListQuery, type ProductRepository, type ProductSummary } from '../ports/product-repository.ts';

export type ListProductsDeps = { readonly products: ProductRepository };
export type ListProductsOutput = { readonly total: number; readonly items: ProductSummary[] };
export type ListProducts = (query: ProductListQuery) => Promise<ListProductsOutput>;

/** GET /products: one page, newest-updated first; archived products only when asked for by stage. */
export const makeListProducts =
  (deps: ListProductsDeps): ListProducts =>
  (query) =>
    deps.products.list({ ...query, q: query.q?.trim() || undefined });
