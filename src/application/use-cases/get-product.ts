import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct } from '../product-access.ts';
import { type ProductView, type ViewProduct } from '../view-product.ts';

export type GetProductDeps = { readonly products: ProductRepository; readonly viewProduct: ViewProduct };
export type GetProduct = (id: string) => Promise<ProductView>;

export const makeGetProduct =
  (deps: GetProductDeps): GetProduct =>
  async (id) =>
    deps.viewProduct(await loadProduct(deps.products, id));
