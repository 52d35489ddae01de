import fc from 'fast-check';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newProduct, type Product, type Stage } from '../../src/domain/catalog/product.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { type SearchCountOptions } from '../../src/adapters/persistence/kept-search-totals.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { searchTextOf } from '../../src/adapters/persistence/search-text.ts';
import { openTwice, type TestDatabase, testDatabases } from '../helpers/databases.ts';

/** Both databases keep the totals of broad searches (migrations 008 and 010); these tests keep every search for a small catalog. */
const KEEP_EVERY_SEARCH: SearchCountOptions = { minMatches: 1, capacity: 3 };

let sequence = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;
const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();
const product = (name: string, stage: Stage = 'editing', minute = 0): Product => newProduct({ id: uuid(), stage, source_platform: '1688', name }, at(minute));

type KeptRow = { q: string; stage: string; total: number };
const keptRows = async (db: Kysely<Database>): Promise<KeptRow[]> =>
  (await sql<KeptRow>`select q, stage, total from product_search_counts order by id`.execute(db)).rows;

/** What a search must total: live products in the stage (or any live stage) whose text holds `q`. */
const expectedMatches = (catalog: Iterable<Product>, q: string, stage: string): Product[] =>
  [...catalog].filter((p) => p.stage !== 'archived' && (stage === '' || p.stage === stage) && searchTextOf(p).includes(q));

// Names made of the queries' own pieces, so queries of every length (1–2 characters, trigrams, windows of 9+)
// hit many products, some and none, and edits move products in and out of them.
const name = fc.array(fc.constantFrom('a', 'b', 'ab', 'abc', 'ca', ' ', 'c c'), { maxLength: 6 }).map((pieces) => pieces.join(''));
const stage = fc.constantFrom<Stage>('editing', 'editing', 'ready', 'collected', 'archived');
const initial = fc.array(fc.record({ kind: fc.constant('insert' as const), name, stage }), { minLength: 8, maxLength: 25 });
const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), name, stage }), weight: 3 },
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), name, moved: fc.boolean() }),
  fc.record({ kind: fc.constant('stage' as const), pick: fc.nat(), stage, moved: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat(), name }),
  fc.record({
    kind: fc.constant('search' as const),
    q: fc.constantFrom('a', 'ab', 'ca', 'abc', 'b a', 'aab', 'abcabcabc', 'c c b'),
    stage: fc.constantFrom('', '', 'editing', 'ready'),
  }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** A fresh catalog and the same catalog in memory, changed together. */
async function catalogUnderTest(database: TestDatabase) {
  const handle = await database.open();
  const repo = makeKyselyProductRepository(handle.db, KEEP_EVERY_SEARCH);
  const catalog = new Map<string, Product>();
  let minute = 0;
  const save = async (next: Product) => {
    const current = catalog.get(next.id)!;
    expect(await repo.update({ ...next, version: current.version + 1 }, current.version)).toBe(true);
    catalog.set(next.id, { ...next, version: current.version + 1 });
  };
  const apply = async (op: Operation): Promise<void> => {
    minute += 1;
    if (op.kind === 'insert') {
      const made = product(op.name, op.stage, minute);
      await repo.insert(made);
      catalog.set(made.id, made);
      return;
    }
    if (op.kind === 'search') {
      const expected = expectedMatches(catalog.values(), op.q, op.stage);
      const found = await repo.list({ q: op.q, stage: op.stage === '' ? undefined : (op.stage as Stage), page: 1, pageSize: 5 });
      expect({ ...op, total: found.total }).toEqual({ ...op, total: expected.length });
      expect(found.items.every((i) => expected.some((p) => p.id === i.id))).toBe(true);
      expect(found.items).toHaveLength(Math.min(5, expected.length));
      return;
    }
    const target = [...catalog.values()][op.pick % Math.max(catalog.size, 1)];
    if (target === undefined) return;
    const updatedAt = 'moved' in op && op.moved ? at(minute) : target.updated_at;
    if (op.kind === 'edit') await save({ ...target, name: op.name, updated_at: updatedAt });
    else if (op.kind === 'stage') await save({ ...target, stage: op.stage, updated_at: updatedAt });
    else if (op.kind === 'delete') {
      await repo.delete(target.id);
      catalog.delete(target.id);
    } else {
      const undone = handle.db.transaction().execute(async (trx) => {
        await makeKyselyProductRepository(trx).update({ ...target, name: op.name, version: target.version + 1 }, target.version);
        throw new Error('rolled back');
      });
      await expect(undone).rejects.toThrow('rolled back');
    }
  };
  /** Every kept total equals a count over the in-memory catalog. */
  const keptTotalsAreExact = async (): Promise<number> => {
    const kept = await keptRows(handle.db);
    expect(kept.length).toBeLessThanOrEqual(KEEP_EVERY_SEARCH.capacity);
    for (const row of kept) expect(row).toEqual({ ...row, total: expectedMatches(catalog.values(), row.q, row.stage).length });
    return kept.length;
  };
  return { apply, keptTotalsAreExact, dispose: () => handle.dispose() };
}

describe.each(testDatabases())('kept search totals on $name', (database) => {
  it('stay exact through inserts, in-place and moving edits, stage moves, archiving, deletes and rolled-back writes', async () => {
    let checkedKeptTotals = 0;
    await fc.assert(
      fc.asyncProperty(initial, fc.array(operation, { minLength: 20, maxLength: 60 }), async (products, operations) => {
        const subject = await catalogUnderTest(database);
        try {
          for (const made of products) await subject.apply(made);
          for (const op of operations) {
            await subject.apply(op);
            checkedKeptTotals += await subject.keptTotalsAreExact();
          }
        } finally {
          await subject.dispose();
        }
      }),
      // Each run builds a fresh catalog (a new schema on PostgreSQL), so PostgreSQL gets fewer runs to stay in time.
      { numRuns: database.name === 'postgres' ? 25 : 60 },
    );
    // The property is only worth its runs if searches were kept while the catalog changed.
    expect(checkedKeptTotals).toBeGreaterThan(500);
    // 60 runs take ~3 s on PostgreSQL alone, but over 20 s when the machine's two cores are busy elsewhere.
  }, 180_000);

  it('keeps only searches with enough matches, and the list then reads the kept total instead of counting', async () => {
    const handle = await database.open();
    try {
      const repo = makeKyselyProductRepository(handle.db, { minMatches: 2, capacity: 10 });
      for (const made of [product('кружка для дома'), product('лампа для дома'), product('зонт')]) await repo.insert(made);
      expect((await repo.list({ q: 'зонт', page: 1, pageSize: 20 })).total).toBe(1);
      expect((await repo.list({ q: 'для дома', page: 1, pageSize: 20 })).total).toBe(2);
      expect(await keptRows(handle.db)).toEqual([{ q: 'для дома', stage: '', total: 2 }]);
      // A kept total is what the list answers: the list is not counting behind it.
      await sql`update product_search_counts set total = 40`.execute(handle.db);
      expect((await repo.list({ q: 'Для дома ', page: 1, pageSize: 20 })).total).toBe(40);
      await repo.insert(product('коврик для дома'));
      expect((await repo.list({ q: 'для дома', page: 1, pageSize: 20 })).total).toBe(41);
    } finally {
      await handle.dispose();
    }
  });

  it('drops the searches counted longest ago beyond its capacity', async () => {
    const handle = await database.open();
    try {
      const repo = makeKyselyProductRepository(handle.db, { minMatches: 1, capacity: 2 });
      await repo.insert(product('abcd'));
      for (const q of ['abc', 'bcd', 'abcd', 'abc']) await repo.list({ q, page: 1, pageSize: 20 });
      expect((await keptRows(handle.db)).map((row) => row.q)).toEqual(['abcd', 'abc']);
    } finally {
      await handle.dispose();
    }
  });

  it('stay exact when another connection writes', async () => {
    const { first, second, dispose } = await openTwice(database);
    try {
      const reader = makeKyselyProductRepository(first.db, KEEP_EVERY_SEARCH);
      await reader.insert(product('органайзер для дома'));
      expect((await reader.list({ q: 'для дома', page: 1, pageSize: 20 })).total).toBe(1);
      await makeKyselyProductRepository(second.db).insert(product('кружка для дома'));
      expect((await reader.list({ q: 'для дома', page: 1, pageSize: 20 })).total).toBe(2);
    } finally {
      await dispose();
    }
  });
});

describe('SQLite kept search totals migration (008)', () => {
  it('goes down and up again', async () => {
    const handle = await testDatabases()[0]!.open();
    const tables = async () =>
      (await sql<{ name: string }>`select name from sqlite_master where name like 'product_search_count%' order by name`.execute(handle.db)).rows.map(
        (r) => r.name,
      );
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect(await tables()).toEqual(['product_search_count_delete', 'product_search_count_insert', 'product_search_count_update', 'product_search_counts']);
      expect((await migrator.migrateTo('007-search-literal')).error).toBeUndefined();
      expect(await tables()).toEqual([]);
      await makeKyselyProductRepository(handle.db).insert(product('после отката'));
      await handle.migrate();
      expect(await tables()).toHaveLength(4);
    } finally {
      await handle.dispose();
    }
  });
});
