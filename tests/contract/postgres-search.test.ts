import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newProduct, type Product } from '../../src/domain/catalog/product.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { productToRow } from '../../src/adapters/persistence/product-rows.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';

/** PostgreSQL's narrow search table (migration 009) and the locking of its kept totals (010, kept-search-totals.ts). */
const postgres = testDatabases().find((database) => database.name === 'postgres');

let sequence = 0;
const product = (name: string, stage: Product['stage'] = 'editing'): Product =>
  newProduct({ id: `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`, stage, source_platform: '1688', name }, '2026-11-21T12:00:00.000Z');

const KEEP_EVERY_SEARCH = { minMatches: 1, capacity: 8 };
const keptTotals = async (db: Kysely<Database>) =>
  (await sql<{ q: string; total: number }>`select q, total from product_search_counts order by id`.execute(db)).rows.map((row) => ({
    ...row,
    total: Number(row.total),
  }));

/** A deferred step of another connection's transaction: `reached` once it has written, `finish` to commit. */
function heldTransaction(db: Kysely<Database>, write: (trx: Kysely<Database>) => Promise<void>) {
  let reached!: () => void;
  let finish!: () => void;
  const written = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (finish = resolve));
  const done = db.transaction().execute(async (trx) => {
    await write(trx);
    reached();
    await released;
  });
  return { written, finish, done };
}

const settledWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.skipIf(!postgres)('PostgreSQL search', () => {
  it('a first count waits for a writer whose trigger has run, and counts its product', async () => {
    const { first: firstHandle, second: secondHandle, dispose } = await openTwice(postgres!);
    const [first, second] = [firstHandle.db, secondHandle.db];
    try {
      const reader = makeKyselyProductRepository(first, KEEP_EVERY_SEARCH);
      await reader.insert(product('органайзер для дома'));
      const writer = heldTransaction(second, (trx) => makeKyselyProductRepository(trx).insert(product('кружка для дома')));
      await writer.written;
      const listed = reader.list({ q: 'для дома', page: 1, pageSize: 20 });
      // Counting now would miss the uncommitted product, and its trigger has already passed the totals.
      expect(await settledWithin(listed, 300)).toBe(false);
      writer.finish();
      await writer.done;
      expect((await listed).total).toBe(2);
      expect(await keptTotals(first)).toEqual([{ q: 'для дома', total: 2 }]);
    } finally {
      await dispose();
    }
  });

  it('a writer that comes while a total is being kept waits for it, then adds itself to it', async () => {
    const { first: firstHandle, second: secondHandle, dispose } = await openTwice(postgres!);
    const [first, second] = [firstHandle.db, secondHandle.db];
    try {
      await makeKyselyProductRepository(first).insert(product('органайзер для дома'));
      // What countAndKeep does, held open: lock, count, keep.
      const keeping = heldTransaction(first, async (trx) => {
        await sql`lock table product_search_counts in share row exclusive mode`.execute(trx);
        await sql`insert into product_search_counts (q, stage, total) values ('для дома', '', 1)`.execute(trx);
      });
      await keeping.written;
      const written = makeKyselyProductRepository(second).insert(product('кружка для дома'));
      expect(await settledWithin(written, 300)).toBe(false);
      keeping.finish();
      await Promise.all([keeping.done, written]);
      expect(await keptTotals(first)).toEqual([{ q: 'для дома', total: 2 }]);
      expect((await makeKyselyProductRepository(first).list({ q: 'для дома', page: 1, pageSize: 20 })).total).toBe(2);
    } finally {
      await dispose();
    }
  });

  it('migrations 009 and 010 go down to the pg_trgm index on products, and up again with the products written meanwhile', async () => {
    const handle = await postgres!.open();
    const relations = async () =>
      (
        await sql<{ name: string }>`select relname as name from pg_class where relnamespace = current_schema()::regnamespace
        and relname in ('product_search_texts', 'product_search_counts', 'products_search_trgm_idx') order by relname`.execute(handle.db)
      ).rows.map((row) => row.name);
    try {
      const repo = makeKyselyProductRepository(handle.db);
      await repo.insert(product('до отката'));
      expect(await relations()).toEqual(['product_search_counts', 'product_search_texts']);
      const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]!.name;
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider, migrationTableSchema: schema });
      expect((await migrator.migrateTo('008-search-counts')).error).toBeUndefined();
      expect(await relations()).toEqual(['products_search_trgm_idx']);
      // Written as the code of 008's time would: only the columns that exist then (later migrations add some).
      await insertWithExistingColumns(handle.db, product('после отката'));
      await insertWithExistingColumns(handle.db, product('в архиве после отката', 'archived'));
      await handle.migrate();
      expect(await relations()).toEqual(['product_search_counts', 'product_search_texts']);
      expect((await repo.list({ q: 'отката', page: 1, pageSize: 20 })).items.map((item) => item.name).sort()).toEqual(['до отката', 'после отката']);
      expect((await repo.list({ q: 'ат', page: 1, pageSize: 20 })).total).toBe(2);
      expect((await repo.list({ q: 'отката', stage: 'archived', page: 1, pageSize: 20 })).total).toBe(1);
    } finally {
      await handle.dispose();
    }
  });
});

async function insertWithExistingColumns(db: Kysely<Database>, value: Product): Promise<void> {
  const existing = new Set(
    (
      await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'products'`.execute(db)
    ).rows.map((row) => row.name),
  );
  const row = Object.fromEntries(Object.entries(productToRow(value)).filter(([column]) => existing.has(column)));
  await db
    .insertInto('products')
    .values(row as ReturnType<typeof productToRow>)
    .execute();
}
