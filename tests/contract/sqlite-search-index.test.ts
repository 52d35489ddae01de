import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Product } from '../../src/domain/catalog/product.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { testDatabases } from '../helpers/databases.ts';
import { at, product } from './catalog-fixtures.ts';

// SQLite's own search index (search-index.ts): what the ProductRepository contract cannot see from outside.
describe('SQLite search of long queries', () => {
  it('stays exact when the telling window of a query matches too many products to check one by one', async () => {
    const handle = await testDatabases()[0]!.open();
    try {
      const repo = makeKyselyProductRepository(handle.db);
      // Every name holds the query's last 8 characters (its window); only every third holds the whole query.
      const made = Array.from({ length: 1_002 }, (_, i) => product({ name: `${i % 3 === 0 ? 'z' : 'y'}北欧陶瓷马克杯子家用`, updated_at: at(i % 60) }));
      await handle.db.transaction().execute(async (trx) => {
        const inTransaction = makeKyselyProductRepository(trx);
        for (const p of made) await inTransaction.insert(p);
      });
      const found = await repo.list({ q: 'z北欧陶瓷马克杯子家用', page: 1, pageSize: 200 });
      expect(found.total).toBe(334);
      expect(found.items).toHaveLength(200);
      expect(found.items.every((i) => i.name.startsWith('z'))).toBe(true);
    } finally {
      await handle.dispose();
    }
  });
});

describe('SQLite search index migration (006)', () => {
  it('indexes products written before it, and its down step restores the trigram table of 003', async () => {
    const handle = await testDatabases()[0]!.open();
    const repo = makeKyselyProductRepository(handle.db);
    const ids = async (q: string, stage?: Product['stage']) => (await repo.list({ q, stage, page: 1, pageSize: 20 })).items.map((i) => i.id);
    const tables = async () =>
      (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'product%s' order by name`.execute(handle.db)).rows.map(
        (r) => r.name,
      );
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('005-marketplace')).error).toBeUndefined();
      expect(await tables()).toContain('products_fts');
      const existing = product({ name: '旧的杯子', stage: 'ready' });
      await repo.insert(existing);
      await handle.migrate();
      expect(await tables()).toEqual(expect.arrayContaining(['product_search_grams', 'product_search_rows', 'product_search_trigrams']));
      expect(await tables()).not.toContain('products_fts');
      expect([await ids('杯子'), await ids('旧的杯', 'ready'), await ids('旧的杯', 'editing')]).toEqual([[existing.id], [existing.id], []]);

      expect((await migrator.migrateTo('005-marketplace')).error).toBeUndefined();
      expect(await tables()).not.toContain('product_search_grams');
      const later = product({ name: '新的杯子' });
      await repo.insert(later);
      const restored = await sql<{ id: string }>`select id from products_fts where products_fts match '"的杯子"' order by rowid desc`.execute(handle.db);
      expect(restored.rows.map((r) => r.id)).toEqual([later.id, existing.id]);
    } finally {
      await handle.dispose();
    }
  });
});

describe('SQLite literal trigram index migration (007)', () => {
  it('stops FTS5 case folding (ς matched σ) on existing rows, and its down step restores it', async () => {
    const handle = await testDatabases()[0]!.open();
    const repo = makeKyselyProductRepository(handle.db);
    // The index itself: before 008 the list cannot run (it reads the kept totals).
    const total = async (q: string) =>
      (await sql<{ n: number }>`select count(*) as n from product_search_trigrams where product_search_trigrams match ${`"${q}"`}`.execute(handle.db)).rows[0]!
        .n;
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('006-search-index')).error).toBeUndefined();
      await repo.insert(product({ name: 'λόγος' }));
      expect([await total('γοσ'), await total('γος')]).toEqual([1, 1]);
      expect((await migrator.migrateTo('007-search-literal')).error).toBeUndefined();
      expect([await total('γοσ'), await total('γος')]).toEqual([0, 1]);
      expect((await migrator.migrateTo('006-search-index')).error).toBeUndefined();
      expect(await total('γοσ')).toBe(1);
    } finally {
      await handle.dispose();
    }
  });
});
