import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKyselyDatabaseHealth } from '../../src/adapters/persistence/kysely-database-health.ts';
import { makeKyselyFxRateStore } from '../../src/adapters/persistence/kysely-fx-rate-store.ts';
import { testDatabases, type TestDatabaseHandle } from '../helpers/databases.ts';
import { at } from './catalog-fixtures.ts';

describe.each(testDatabases())('FxRateStore and DatabaseHealth on $name', (database) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    handle = await database.open();
  });
  afterEach(() => handle.dispose());

  it('keeps the last accepted rate and replaces it', async () => {
    const store = makeKyselyFxRateStore(handle.db);
    expect(await store.lastGood()).toBeUndefined();
    await store.save({ rate: 11.2, source: 'cbr', updated_at: at(1) });
    await store.save({ rate: 11.3, source: 'er-api', updated_at: at(2) });
    expect(await store.lastGood()).toEqual({ rate: 11.3, source: 'er-api', updated_at: at(2) });
  });

  it('pings the database', async () => {
    expect(await makeKyselyDatabaseHealth(handle.db).ping()).toBe(true);
  });
});
