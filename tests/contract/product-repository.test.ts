import { describe } from 'vitest';
import { catalogAdapters, catalogTest } from './catalog-adapters.ts';
import { testProductListContract } from './product-list.contract.ts';
import { testProductRepositoryContract } from './product-repository.contract.ts';
import { testProductSearchContract } from './product-search.contract.ts';

describe.each(catalogAdapters())('ProductRepository on $name', (adapter) => {
  const it = catalogTest(adapter);
  testProductRepositoryContract(it);
  testProductListContract(it);
  testProductSearchContract(it);
});
