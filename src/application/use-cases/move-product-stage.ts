import { type PricingPolicy } from '../../domain/pricing/pricing.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { type Stage } from '../../domain/catalog/product.ts';
import { move } from '../../domain/catalog/product-stage.ts';
import { readyProblems } from '../../domain/catalog/ready-checks.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct, saveRevision } from '../product-access.ts';
import { type ProductView, type ViewProduct } from '../view-product.ts';
import { isVideoAsset } from '../../domain/media/video-format.ts';

export type MoveProductStageDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly clock: Clock;
  readonly policy: PricingPolicy;
  readonly viewProduct: ViewProduct;
};

export type MoveProductStage = (input: { readonly id: string; readonly stage: Stage; readonly actor?: Actor | undefined }) => Promise<ProductView>;

/** POST /products/{id}/stage: a legal move (409 otherwise); `ready` only when every ready check passes (422). */
export const makeMoveProductStage =
  (deps: MoveProductStageDeps): MoveProductStage =>
  async ({ id, stage, actor }) => {
    const current = await loadProduct(deps.products, id);
    let context = { policy: deps.policy, offerIdTaken: false, storedImageCount: 0 };
    if (stage === 'ready' && current.stage === 'editing') {
      const [taken, assets] = await Promise.all([
        current.offer_id ? deps.products.offerIdTaken(current.offer_id, current.id) : Promise.resolve(false),
        deps.assets.listByProduct(current.id),
      ]);
      context = { ...context, offerIdTaken: taken, storedImageCount: assets.filter((a) => a.status === 'stored' && !isVideoAsset(a)).length };
    }
    const next = attributed(
      move(current, stage, deps.clock.now().toISOString(), () => readyProblems(current, context)),
      actor,
    );
    await saveRevision(deps.products, next, current.version);
    return deps.viewProduct(next);
  };
