import { it as base } from 'vitest';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductExportReader } from '../../src/adapters/persistence/kysely-product-export-reader.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeKyselyUnitOfWork } from '../../src/adapters/persistence/kysely-unit-of-work.ts';
import { type AssetRepository } from '../../src/application/ports/asset-repository.ts';
import { type ProductExportReader } from '../../src/application/ports/product-export-reader.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { type UnitOfWork } from '../../src/application/ports/unit-of-work.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { makeInMemoryCatalog } from '../in-memory/in-memory-catalog.ts';

/** The catalog ports over one fresh database, and a second pair of repositories on it (another pool, as another process). */
export type Catalog = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly unitOfWork: UnitOfWork;
  readonly exportReader: ProductExportReader;
  readonly other: { readonly products: ProductRepository; readonly assets: AssetRepository };
};

export type CatalogAdapter = { readonly name: string; open(): Promise<Catalog & { dispose(): Promise<void> }> };

/**
 * Every adapter of the catalog ports: SQLite, PostgreSQL when TEST_DATABASE_URL is set, and the in-memory one the
 * unit tests use. The Kysely repositories keep the totals of every search with two matches or more (few, in a
 * small catalog), so the contract also holds where the list reads kept totals instead of counting.
 */
export function catalogAdapters(): CatalogAdapter[] {
  const kysely = testDatabases().map((database): CatalogAdapter => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      const keep = { minMatches: 2, capacity: 6 };
      return {
        products: makeKyselyProductRepository(first.db, keep),
        assets: makeKyselyAssetRepository(first.db),
        unitOfWork: makeKyselyUnitOfWork(first.db),
        exportReader: makeKyselyProductExportReader(first.db),
        other: { products: makeKyselyProductRepository(second.db, keep), assets: makeKyselyAssetRepository(second.db) },
        dispose,
      };
    },
  }));
  const inMemory: CatalogAdapter = {
    name: 'in-memory',
    async open() {
      const catalog = makeInMemoryCatalog();
      return { ...catalog, other: catalog.reopen(), dispose: async () => undefined };
    },
  };
  return [...kysely, inMemory];
}

/** Vitest's `it` with a fresh `catalog` per test, disposed after it (the contracts take this `it`). */
export const catalogTest = (adapter: CatalogAdapter) =>
  base.extend<{ catalog: Catalog }>({
    catalog: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened);
      } finally {
        await opened.dispose();
      }
    },
  });

export type CatalogIt = ReturnType<typeof catalogTest>;
