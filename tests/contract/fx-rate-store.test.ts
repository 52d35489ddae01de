import { describe, expect, it } from 'vitest';
import { makeKyselyDatabaseHealth } from '../../src/adapters/persistence/kysely-database-health.ts';
import { makeKyselyFxRateStore } from '../../src/adapters/persistence/kysely-fx-rate-store.ts';
import { type FxRateStore } from '../../src/application/ports/fx-rate-store.ts';
import { testDatabases } from '../helpers/databases.ts';
import { makeInMemoryFxRateStore } from '../in-memory/in-memory-fx-rate-store.ts';
import { at } from './catalog-fixtures.ts';

type Adapter = { name: string; open(): Promise<{ store: FxRateStore; dispose(): Promise<void> }> };
const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const handle = await database.open();
      return { store: makeKyselyFxRateStore(handle.db), dispose: () => handle.dispose() };
    },
  })),
  { name: 'in-memory', open: async () => ({ store: makeInMemoryFxRateStore(), dispose: async () => undefined }) },
];

describe.each(adapters)('FxRateStore on $name', (adapter) => {
  it('keeps the last accepted rate and replaces it', async () => {
    const { store, dispose } = await adapter.open();
    try {
      expect(await store.lastGood()).toBeUndefined();
      await store.save({ rate: 11.2, source: 'cbr', updated_at: at(1) });
      await store.save({ rate: 11.3, source: 'er-api', updated_at: at(2) });
      expect(await store.lastGood()).toEqual({ rate: 11.3, source: 'er-api', updated_at: at(2) });
    } finally {
      await dispose();
    }
  });
});

describe.each(testDatabases())('DatabaseHealth on $name', (database) => {
  it('pings the database', async () => {
    const handle = await database.open();
    try {
      expect(await makeKyselyDatabaseHealth(handle.db).ping()).toBe(true);
    } finally {
      await handle.dispose();
    }
  });
});
