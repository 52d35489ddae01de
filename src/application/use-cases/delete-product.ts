import { archive, assertHardDeletable } from '../../domain/catalog/product-stage.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct, saveRevision } from '../product-access.ts';

export type DeleteProductDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly objectStore: ObjectStore;
  readonly clock: Clock;
  /** Told about stored files that could not be removed (the rows are gone either way). */
  readonly onOrphanedFile?: (key: string, error: unknown) => void;
};

export type DeleteProduct = (input: { readonly id: string; readonly hard: boolean; readonly actor?: Actor | undefined }) => Promise<void>;

/**
 * DELETE /products/{id}: soft by default (stage `archived`, restorable); `hard` removes a never-published
 * product, its assets and their stored files for good.
 */
export const makeDeleteProduct =
  (deps: DeleteProductDeps): DeleteProduct =>
  async ({ id, hard, actor }) => {
    const current = await loadProduct(deps.products, id);
    if (!hard) {
      const next = archive(current, deps.clock.now().toISOString());
      if (next !== current) await saveRevision(deps.products, attributed(next, actor), current.version);
      return;
    }
    assertHardDeletable(current);
    const keys = (await deps.assets.listByProduct(id))
      .map((asset) => (asset.stored_url ? deps.objectStore.keyFromUrl(asset.stored_url) : undefined))
      .filter((key): key is string => key !== undefined);
    await deps.products.delete(id);
    // Files go after the rows: a crash in between leaves unreferenced files, never rows pointing at nothing.
    for (const key of keys) {
      try {
        await deps.objectStore.delete(key);
      } catch (error) {
        deps.onOrphanedFile?.(key, error);
      }
    }
  };
