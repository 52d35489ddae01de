import { type Clock } from '../ports/clock.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { type Ids } from '../ports/ids.ts';
import { type TransactionalRepositories, type UnitOfWork } from '../ports/unit-of-work.ts';
import { type Asset, checkAssetRoom } from '../../domain/media/asset.ts';
import { conflict } from '../../domain/common/errors.ts';
import { type Material, appendMaterial, collectedProduct, pendingAssets } from '../../domain/intake/material.ts';
import { type Product, type Stage } from '../../domain/catalog/product.ts';
import { collectVariants, withSkuImages } from '../../domain/variants/variant-intake.ts';
import { settleVariants } from '../product-variants.ts';
import { type QueueDownloads } from './queue-downloads.ts';
import { loadProduct } from '../product-access.ts';

export type CollectMaterialsDeps = {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly queueDownloads: QueueDownloads;
};

export type CollectMaterialsInput = {
  /** null creates a product; an id appends to that product. */
  readonly productId: string | null;
  readonly material: Material;
  /** Who collects (the extension's user): the author of a new product, the last editor of an appended one. */
  readonly actor?: Actor | undefined;
};

export type CollectMaterialsOutput = { readonly product: { readonly id: string; readonly stage: Stage }; readonly assetsQueued: number };

export type CollectMaterials = (input: CollectMaterialsInput) => Promise<CollectMaterialsOutput>;

/** An appended product's variants: new labels added, the seller's edits kept (docs/decisions.md, Variants). */
async function withCollectedVariants(
  products: TransactionalRepositories['products'],
  assets: TransactionalRepositories['assets'],
  product: Product,
  material: Material,
  fresh: readonly Asset[],
  newId: () => string,
): Promise<Product> {
  const offersVariants = (material.skus ?? []).length > 0 || material.images.some((image) => image.groupKey === 'sku');
  if (!offersVariants) return product;
  const known = [...(await assets.listByProduct(product.id)), ...fresh];
  return settleVariants(products, { ...product, variants: collectVariants(product.variants, material, known, newId) });
}

/**
 * POST /materials: stores the product (or the appended source), its texts and one pending asset per new image
 * in one transaction, then hands the assets to the download queue and answers at once (no download awaited).
 */
export function makeCollectMaterials({ unitOfWork, clock, ids, queueDownloads }: CollectMaterialsDeps): CollectMaterials {
  return async ({ productId, material: sent, actor }) => {
    const now = clock.now().toISOString();
    const newId = () => ids.uuid();
    const material = withSkuImages(sent);
    const { product, queued } = await unitOfWork.run(async ({ products, assets }) => {
      if (productId === null) {
        const bare = collectedProduct(newId(), material, now);
        const fresh: Asset[] = pendingAssets(bare.id, material, [], newId, now);
        checkAssetRoom(0, fresh.length);
        const created = attributed(await settleVariants(products, { ...bare, variants: collectVariants([], material, fresh, newId) }), actor, true);
        await products.insert(created);
        await assets.insertMany(fresh);
        return { product: created, queued: fresh };
      }
      const existing = await loadProduct(products, productId);
      if (existing.stage === 'archived') throw conflict('PRODUCT_ARCHIVED', '商品已归档，不能追加素材，请先恢复');
      const fresh = pendingAssets(existing.id, material, await assets.dedupeKeys(existing.id), newId, now);
      checkAssetRoom(await assets.countByProduct(existing.id), fresh.length);
      const updated = attributed(await withCollectedVariants(products, assets, appendMaterial(existing, material, now), material, fresh, newId), actor);
      if (!(await products.update(updated, existing.version))) throw conflict('PRODUCT_CHANGED', '商品刚被修改，请重试');
      await assets.insertMany(fresh);
      return { product: updated, queued: fresh };
    });
    queueDownloads(queued.map((asset) => asset.asset_id));
    return { product: { id: product.id, stage: product.stage }, assetsQueued: queued.length };
  };
}
