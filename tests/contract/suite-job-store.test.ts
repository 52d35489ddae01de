import { describe } from 'vitest';
import { makeKyselySuiteJobStore } from '../../src/adapters/persistence/kysely-suite-job-store.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { makeInMemorySuiteJobStore, type SuiteJobTable } from '../in-memory/in-memory-suite-job-store.ts';
import { type SuiteStoresAdapter, suiteStoresTest, testSuiteJobStoreContract } from './suite-job-store.contract.ts';

const adapters: SuiteStoresAdapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      return { store: makeKyselySuiteJobStore(first.db), other: makeKyselySuiteJobStore(second.db), dispose };
    },
  })),
  {
    name: 'in-memory',
    async open() {
      const table: SuiteJobTable = new Map();
      return { store: makeInMemorySuiteJobStore(table), other: makeInMemorySuiteJobStore(table), dispose: async () => undefined };
    },
  },
];

describe.each(adapters)('SuiteJobStore on $name', (adapter) => {
  testSuiteJobStoreContract(suiteStoresTest(adapter));
});
