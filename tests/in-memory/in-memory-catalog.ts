import { type AssetRepository } from '../../src/application/ports/asset-repository.ts';
import { type ProductExportReader } from '../../src/application/ports/product-export-reader.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { type UnitOfWork } from '../../src/application/ports/unit-of-work.ts';
import { type CatalogState, emptyCatalogState } from './catalog-state.ts';
import { makeInMemoryAssetRepository } from './in-memory-asset-repository.ts';
import { makeInMemoryProductExportReader } from './in-memory-product-export-reader.ts';
import { makeInMemoryProductRepository } from './in-memory-product-repository.ts';

export type InMemoryCatalog = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly unitOfWork: UnitOfWork;
  /** The exports' reader over the same tables. */
  readonly exportReader: ProductExportReader;
  /** Another pair of repositories on the same tables (as a second connection pool or process would see them). */
  readonly reopen: () => { products: ProductRepository; assets: AssetRepository };
};

/**
 * One in-memory database of products and assets. Its unit of work undoes every write made inside it when the
 * work throws; like SQLite, units of work run one at a time.
 */
export function makeInMemoryCatalog(state: CatalogState = emptyCatalogState()): InMemoryCatalog {
  const products = makeInMemoryProductRepository(state);
  const assets = makeInMemoryAssetRepository(state);
  let running: Promise<unknown> = Promise.resolve();
  const unitOfWork: UnitOfWork = {
    run(work) {
      const turn = running.then(async () => {
        state.undo = [];
        try {
          return await work({ products, assets });
        } catch (error) {
          for (const undo of state.undo.reverse()) undo();
          throw error;
        } finally {
          state.undo = undefined;
        }
      });
      running = turn.catch(() => undefined);
      return turn;
    },
  };
  return {
    products,
    assets,
    unitOfWork,
    exportReader: makeInMemoryProductExportReader(state),
    reopen: () => ({ products: makeInMemoryProductRepository(state), assets: makeInMemoryAssetRepository(state) }),
  };
}
