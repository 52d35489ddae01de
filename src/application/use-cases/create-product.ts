import { type Platform } from '../../domain/common/platform.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { unifyWeight } from '../../domain/intake/collected-pricing.ts';
import { assertNamed, newProduct } from '../../domain/catalog/product.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { applyChanges, type ProductChanges } from '../../domain/catalog/product-changes.ts';
import { type RepriceProduct } from './reprice-product.ts';
import { type ProductView, type ViewProduct } from '../view-product.ts';

export type CreateProductDeps = {
  readonly products: ProductRepository;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly repriceProduct: RepriceProduct;
  readonly viewProduct: ViewProduct;
};

export type CreateProductInput = ProductChanges & {
  readonly source_platform?: Platform | null | undefined;
  /** Who creates it: its author and last editor (docs/decisions.md, Accounts). */
  readonly actor?: Actor | undefined;
};
export type CreateProduct = (input: CreateProductInput) => Promise<ProductView>;

/** POST /products: a manually created product (no source platform, a name required) starts in `editing`, priced when its inputs are complete. */
export const makeCreateProduct =
  (deps: CreateProductDeps): CreateProduct =>
  async ({ source_platform, actor, ...changes }) => {
    const now = deps.clock.now().toISOString();
    assertNamed(changes.name ?? '');
    const blank = newProduct({ id: deps.ids.uuid(), stage: 'editing', source_platform: source_platform ?? null }, now);
    const product = attributed(await deps.repriceProduct(unifyWeight(blank, applyChanges(blank, changes))), actor, true);
    await deps.products.insert(product);
    return deps.viewProduct(product);
  };
