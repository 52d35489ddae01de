import { describe } from 'vitest';
import { catalogAdapters, catalogTest } from './catalog-adapters.ts';
import { testProductExportReaderContract } from './product-export-reader.contract.ts';

describe.each(catalogAdapters())('ProductExportReader on $name', (adapter) => {
  testProductExportReaderContract(catalogTest(adapter));
});
