import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeSqliteGroupCommit } from '../../src/adapters/persistence/sqlite-group-commit.ts';
import { type UnitOfWork } from '../../src/application/ports/unit-of-work.ts';
import { asset, product } from './catalog-fixtures.ts';

// The UnitOfWork contract (commit and roll back as a whole) runs on this adapter in asset-repository.test.ts;
// these are the group's own promises.
describe('SQLite group commit', () => {
  let handle: DatabaseHandle;
  let file: string;
  let reader: BetterSqlite3.Database;
  let trxOfGroup: Kysely<Database> | undefined;
  let unitOfWork: UnitOfWork;

  beforeEach(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'lws-group-')), 'group.db');
    handle = await openDatabase(`sqlite://${file}`);
    await handle.migrate();
    // A second connection sees only what was committed.
    reader = new BetterSqlite3(file, { readonly: true });
    unitOfWork = makeSqliteGroupCommit(handle.db, (trx) => {
      trxOfGroup = trx;
      return { products: makeKyselyProductRepository(trx), assets: makeKyselyAssetRepository(trx) };
    });
  });
  afterEach(async () => {
    reader.close();
    await handle.close();
  });

  const committed = (id: string): boolean => reader.prepare('select 1 from products where id = ?').get(id) !== undefined;
  const stored = (id: string): Promise<unknown> => makeKyselyProductRepository(handle.db).findById(id);

  it('writes units asked for together in one transaction and answers each with its own result after the commit', async () => {
    const [first, second, third] = [product(), product(), product()];
    const seenBySecond: boolean[] = [];
    const answers = await Promise.all([
      unitOfWork.run(async (tx) => (await tx.products.insert(first), 'first')),
      unitOfWork.run(async (tx) => {
        await tx.products.insert(second);
        // Separate transactions would have committed the first unit by now; one group has not yet.
        seenBySecond.push(committed(first.id), (await tx.products.findById(first.id)) !== undefined);
        return 'second';
      }),
      unitOfWork.run(async (tx) => (await tx.products.insert(third), await tx.assets.insertMany([asset(third.id)]), 'third')),
    ]);
    expect(answers).toEqual(['first', 'second', 'third']);
    expect(seenBySecond).toEqual([false, true]);
    expect([first, second, third].map((p) => committed(p.id))).toEqual([true, true, true]);
    expect(await makeKyselyAssetRepository(handle.db).countByProduct(third.id)).toBe(1);
  });

  it('rolls back a unit that throws to its savepoint alone: it rejects with its error, the others of its group commit', async () => {
    const [kept, lost, alsoKept] = [product({ name: '保留的杯子' }), product({ name: '回滚的杯子' }), product({ name: '也保留的杯子' })];
    const results = await Promise.allSettled([
      unitOfWork.run((tx) => tx.products.insert(kept)),
      unitOfWork.run(async (tx) => {
        await tx.products.insert(lost);
        await tx.assets.insertMany([asset(lost.id)]);
        throw new Error('无效的素材');
      }),
      unitOfWork.run((tx) => tx.products.insert(alsoKept)),
      // A statement SQLite refuses (a duplicate key) fails its own unit only, too.
      unitOfWork.run((tx) => tx.products.insert(kept)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('无效的素材'));
    expect(await stored(kept.id)).toBeDefined();
    expect(await stored(alsoKept.id)).toBeDefined();
    expect(await stored(lost.id)).toBeUndefined();
    expect(await makeKyselyAssetRepository(handle.db).countByProduct(lost.id)).toBe(0);
    // The search index's rows (written by triggers, FTS5 included) went back with the unit.
    const search = async (q: string) => (await makeKyselyProductRepository(handle.db).list({ q, page: 1, pageSize: 10 })).items.map((item) => item.id);
    expect(await search('的杯子')).toEqual(expect.arrayContaining([kept.id, alsoKept.id]));
    expect(await search('回滚')).toEqual([]);
    expect(await search('回滚的杯子')).toEqual([]);
  });

  it('rejects every unit of a group whose COMMIT fails, stores none of them, and writes the next group normally', async () => {
    const [innocent, orphanOwner, later] = [product(), product(), product()];
    const results = await Promise.allSettled([
      unitOfWork.run((tx) => tx.products.insert(innocent)),
      unitOfWork.run(async (tx) => {
        // A foreign key checked only at COMMIT: an asset of a product that does not exist.
        await sql`pragma defer_foreign_keys = on`.execute(trxOfGroup!);
        await tx.assets.insertMany([asset(orphanOwner.id)]);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed(innocent.id)).toBe(false);
    await unitOfWork.run((tx) => tx.products.insert(later));
    expect(committed(later.id)).toBe(true);
  });

  it('keeps each grouped unit’s own writes apart: each product records the author its caller named', async () => {
    const [alices, bobs] = [product(), product()];
    await Promise.all([
      unitOfWork.run((tx) => tx.products.insert({ ...alices, created_by: 'alice', updated_by: 'alice' })),
      unitOfWork.run((tx) => tx.products.insert({ ...bobs, created_by: 'bob', updated_by: 'bob' })),
    ]);
    const createdBy = (id: string) => (reader.prepare('select created_by from products where id = ?').get(id) as { created_by: string }).created_by;
    expect([createdBy(alices.id), createdBy(bobs.id)]).toEqual(['alice', 'bob']);
  });
});
