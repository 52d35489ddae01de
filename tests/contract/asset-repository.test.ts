import { describe } from 'vitest';
import { testAssetRepositoryContract } from './asset-repository.contract.ts';
import { catalogAdapters, catalogTest } from './catalog-adapters.ts';
import { testUnitOfWorkContract } from './unit-of-work.contract.ts';

describe.each(catalogAdapters())('AssetRepository and UnitOfWork on $name', (adapter) => {
  const it = catalogTest(adapter);
  testAssetRepositoryContract(it);
  testUnitOfWorkContract(it);
});
