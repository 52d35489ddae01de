import fc from 'fast-check';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Asset } from '../../src/domain/asset.ts';
import { newProduct, type Product } from '../../src/domain/product.ts';
import { newVariant } from '../../src/domain/variant.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyFxRateStore } from '../../src/adapters/persistence/kysely-fx-rate-store.ts';
import { makeKyselyProductExportReader } from '../../src/adapters/persistence/kysely-product-export-reader.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { testDatabases, type TestDatabaseHandle } from '../helpers/databases.ts';

let sequence = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;
const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();

const product = (overrides: Partial<Product> = {}): Product =>
  newProduct({ id: uuid(), stage: 'editing', source_platform: '1688', ...overrides }, overrides.created_at ?? at(0));

const storedAsset = (productId: string, groupKey: Asset['group_key'], index: number, status: Asset['status'] = 'stored'): Asset => ({
  asset_id: uuid(),
  product_id: productId,
  group_key: groupKey,
  group_name: groupKey,
  variant_name: null,
  type: 'img',
  index,
  dedupe_key: `k-${sequence}`,
  source_url: 'https://img.alicdn.com/a.jpg',
  referer: '',
  stored_url: status === 'stored' ? `/media/p/${groupKey}-${index}.jpg` : '',
  status,
  error: null,
  attempts: 1,
  content_type: null,
  bytes: null,
  width: null,
  height: null,
  sha256: null,
  created_at: at(0),
  updated_at: at(0),
});

for (const database of testDatabases()) {
  describe(`catalog persistence contract on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeEach(async () => {
      handle = await database.open();
    });
    afterEach(() => handle.dispose());
    const products = () => makeKyselyProductRepository(handle.db);

    it('q finds substrings of name, offer id, source ids and URLs, case-insensitively, short and long', async () => {
      const repo = products();
      const a = product({ name: 'Органайзер Для Кабелей', offer_id: 'ORG-1', updated_at: at(1) });
      const b = product({ name: 'Кружка', source_item_id: '6543210', source_url: 'https://detail.1688.com/offer/6543210.html', updated_at: at(2) });
      const c = product({ name: '100% cotton_shirt', stage: 'archived', updated_at: at(3) });
      const d = product({ name: '100% cotton', updated_at: at(4) });
      for (const p of [a, b, c, d]) await repo.insert(p);
      const ids = async (q: string, stage?: Product['stage']) => (await repo.list({ q, stage, page: 1, pageSize: 20 })).items.map((i) => i.id);
      expect(await ids('для каб')).toEqual([a.id]);
      expect(await ids('org')).toEqual([a.id]);
      expect(await ids('54321')).toEqual([b.id]);
      expect(await ids('1688.com/offer')).toEqual([b.id]);
      expect(await ids('%')).toEqual([d.id]);
      expect(await ids('0%')).toEqual([d.id]);
      expect(await ids('n_s', 'archived')).toEqual([c.id]);
      expect(await ids('nothing-like-this')).toEqual([]);
      expect((await repo.list({ q: 'к', page: 1, pageSize: 20 })).total).toBe(2);
    });

    it('search follows updates, archiving, restoring and deletes, newest-updated first', async () => {
      const repo = products();
      const p = product({ name: 'Первое имя' });
      await repo.insert(p);
      const other = product({ name: 'Второе место', updated_at: at(5) });
      await repo.insert(other);
      await repo.update({ ...other, offer_id: 'MOVED', version: 2, updated_at: at(6) }, 1);
      await repo.update({ ...p, name: 'Второе имя', version: 2, updated_at: at(7) }, 1);
      const found = async (q: string) => (await repo.list({ q, page: 1, pageSize: 20 })).total;
      const ids = async (q: string) => (await repo.list({ q, page: 1, pageSize: 20 })).items.map((i) => i.id);
      expect(await found('первое')).toBe(0);
      expect(await ids('второе')).toEqual([p.id, other.id]);
      await repo.update({ ...p, name: 'Второе имя', stage: 'archived', version: 3, updated_at: at(7) }, 2);
      expect(await ids('второе')).toEqual([other.id]);
      expect((await repo.list({ q: 'второе', stage: 'archived', page: 1, pageSize: 20 })).total).toBe(1);
      await repo.update({ ...p, name: 'Второе имя', stage: 'editing', version: 4, updated_at: at(9) }, 3);
      expect(await ids('второе')).toEqual([p.id, other.id]);
      await repo.update({ ...other, offer_id: 'MOVED', version: 3, updated_at: at(10) }, 2);
      expect(await ids('второе')).toEqual([other.id, p.id]);
      await repo.delete(p.id);
      expect(await ids('второе')).toEqual([other.id]);
      expect(await found('moved')).toBe(1);
    });

    it('queries of 1–2 characters (two-character Chinese words) and longer find exactly the products holding them, by stage, through edits', async () => {
      const repo = products();
      // Names drawn from a small alphabet so short queries hit many, some and no products.
      const alphabet = [...'杯子台灯马克'];
      const made = Array.from({ length: 40 }, (_, i) =>
        product({
          name: Array.from({ length: 1 + (i % 5) }, (_, k) => alphabet[(i * 7 + k * 3) % alphabet.length]).join(''),
          stage: i % 4 === 0 ? 'ready' : 'editing',
          updated_at: at(i),
        }),
      );
      for (const p of made) await repo.insert(p);
      // In place (same updated_at) and moved (new updated_at) edits, an archive and a delete.
      const renamed = { ...made[1]!, name: '台灯', version: 2 };
      await repo.update(renamed, 1);
      const moved = { ...made[2]!, name: '杯子', stage: 'ready' as const, version: 2, updated_at: at(50) };
      await repo.update(moved, 1);
      await repo.update({ ...made[3]!, stage: 'archived', version: 2 }, 1);
      await repo.delete(made[4]!.id);
      const live = [moved, renamed, ...made.slice(5), made[0]!].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

      for (const q of ['杯子', '子台', '灯', '马', '克杯', '子子', 'x', '杯子台', '台灯马克', '马克马']) {
        for (const stage of [undefined, 'ready' as const]) {
          const expected = live.filter((p) => p.name.includes(q) && (!stage || p.stage === stage)).map((p) => p.id);
          const first = await repo.list({ q, stage, page: 1, pageSize: 5 });
          const second = await repo.list({ q, stage, page: 2, pageSize: 5 });
          expect({ q, stage, total: first.total }).toEqual({ q, stage, total: expected.length });
          expect([...first.items, ...second.items].map((i) => i.id)).toEqual(expected.slice(0, 10));
        }
      }
      expect((await repo.list({ q: '杯', stage: 'archived', page: 1, pageSize: 5 })).items.map((i) => i.id)).toEqual(made[3]!.name.includes('杯') ? [made[3]!.id] : []);
    });

    it('pages searches newest-updated first whether they match a few products or most of them', async () => {
      const repo = products();
      // 60 products written in time order: `общий` in all, `редкий` in 2 (PostgreSQL sorts the matches of so
      // narrow a search; it walks the newest products for a broad one), `ок` and `ре` in both forms for short queries.
      const made = Array.from({ length: 60 }, (_, i) => {
        const k = (i * 37) % 60;
        return product({ name: `общий ${k % 30 === 7 ? 'редкий' : 'товар'} ${k % 3 === 0 ? 'ок' : ''}`, stage: k % 2 === 0 ? 'ready' : 'editing', updated_at: at(i) });
      });
      for (const p of made) await repo.insert(p);
      const newestFirst = [...made].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
      for (const q of ['общий', 'редкий', 'ок', 'ре', 'ий т', 'ий р']) {
        for (const stage of [undefined, 'ready' as const]) {
          const expected = newestFirst.filter((p) => p.name.includes(q) && (!stage || p.stage === stage)).map((p) => p.id);
          const pages = await Promise.all([1, 2, 3].map((page) => repo.list({ q, stage, page, pageSize: 4 })));
          expect({ q, stage, totals: pages.map((page) => page.total) }).toEqual({ q, stage, totals: [expected.length, expected.length, expected.length] });
          expect({ q, stage, ids: pages.flatMap((page) => page.items.map((i) => i.id)) }).toEqual({ q, stage, ids: expected.slice(0, 12) });
        }
      }
    });

    it('long queries (a pasted link) find only products holding the whole text, not just a telling part of it', async () => {
      const repo = products();
      const url = (item: string) => `https://detail.1688.com/offer/${item}.html`;
      const pasted = product({ name: 'Кружка', source_item_id: '612345678', source_url: url('612345678'), updated_at: at(1) });
      const sameDigits = product({ name: 'Лампа 612345678', updated_at: at(2) });
      const otherItem = product({ name: 'Лампа', source_item_id: '612345679', source_url: url('612345679'), updated_at: at(3) });
      for (const p of [pasted, sameDigits, otherItem]) await repo.insert(p);
      const ids = async (q: string, stage?: Product['stage']) => (await repo.list({ q, stage, page: 1, pageSize: 20 })).items.map((i) => i.id);
      expect(await ids(url('612345678'))).toEqual([pasted.id]);
      expect(await ids(url('612345678'), 'ready')).toEqual([]);
      expect(await ids('offer/61234567')).toEqual([otherItem.id, pasted.id]);
      expect((await repo.list({ q: 'лампа 612345678', page: 1, pageSize: 20 })).total).toBe(1);
    });

    it('takes any text as a literal substring, never as query syntax', async () => {
      const repo = products();
      // The last one holds letters FTS5's trigram tokenizer would fold by default (ς to σ, ſ to s).
      const names = ['a"b* AND c', 'NEAR(x y) ^z:-', 'кружка\\%_', '杯子 "台灯"', 'λόγος ſtop'];
      for (const [i, name] of names.entries()) await repo.insert(product({ name, updated_at: at(i) }));
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('"', '""', '*', 'AND', 'b* a', '(x', ':-', '^', '\\%', '子 "台', 'γος', 'γοσ', 'stop', 'ſto', 'λόγ')), async (raw) => {
          const q = raw.trim().toLowerCase();
          const expected = q ? names.filter((name) => name.toLowerCase().includes(q)).length : names.length;
          expect((await repo.list({ q: raw, page: 1, pageSize: 20 })).total).toBe(expected);
        }),
        { numRuns: 150 },
      );
    });

    it('pages newest-updated first with a stable total', async () => {
      const repo = products();
      const all = Array.from({ length: 7 }, (_, i) => product({ updated_at: at(i) }));
      for (const p of all) await repo.insert(p);
      const page2 = await repo.list({ page: 2, pageSize: 3 });
      expect(page2.total).toBe(7);
      expect(page2.items.map((i) => i.id)).toEqual([all[3]!.id, all[2]!.id, all[1]!.id]);
      expect((await repo.list({ page: 4, pageSize: 3 })).items).toEqual([]);
    });

    it('totals follow inserts, stage changes and deletes, with and without q', async () => {
      const repo = products();
      const made = Array.from({ length: 5 }, (_, i) => product({ name: `Лампа ${i}`, updated_at: at(i) }));
      for (const p of made) await repo.insert(p);
      await repo.update({ ...made[0]!, stage: 'archived', version: 2 }, 1);
      await repo.update({ ...made[1]!, stage: 'ready', version: 2 }, 1);
      await repo.delete(made[2]!.id);
      const total = async (stage?: Product['stage'], q?: string, page = 1) => (await repo.list({ stage, q, page, pageSize: 1 })).total;
      expect([await total(), await total('editing'), await total('ready'), await total('archived')]).toEqual([3, 2, 1, 1]);
      expect([await total(undefined, 'лампа'), await total(undefined, 'лампа', 3), await total(undefined, 'лампа', 9)]).toEqual([3, 3, 3]);
      expect(await total('archived', 'лампа')).toBe(1);
      expect((await repo.list({ q: 'лампа', page: 2, pageSize: 2 })).items.map((i) => i.id)).toEqual([made[1]!.id]);
    });

    it('offerIdTaken ignores the product itself and archived ones', async () => {
      const repo = products();
      const a = product({ offer_id: 'X-1' });
      const archived = product({ offer_id: 'X-2', stage: 'archived' });
      await repo.insert(a);
      await repo.insert(archived);
      expect(await repo.offerIdTaken('X-1', a.id)).toBe(false);
      expect(await repo.offerIdTaken('X-1', uuid())).toBe(true);
      expect(await repo.offerIdTaken('X-2', uuid())).toBe(false);
    });

    it('offersTaken sees other products’ own and variant offer ids, follows updates, and forgets archived and deleted ones', async () => {
      const repo = products();
      const withVariants = (offers: string[]) => offers.map((offer, i) => newVariant({ id: uuid(), seq: i + 1, label_zh: offer, offer_id: offer, offer_id_pinned: true }));
      const a = product({ offer_id: 'A', variants: withVariants(['A-1', 'A-2']) });
      const b = product({ offer_id: 'B' });
      await repo.insert(a);
      await repo.insert(b);
      expect(await repo.offersTaken(['A-1', 'A-2', 'B', 'A', 'Z'], uuid())).toEqual(['A-1', 'A-2', 'B', 'A']);
      expect(await repo.offersTaken(['A-1', 'B'], a.id)).toEqual(['B']);
      expect(await repo.offerIdTaken('A-2', b.id)).toBe(true);
      expect((await repo.findById(a.id))!.variants.map((v) => v.offer_id)).toEqual(['A-1', 'A-2']);
      await repo.update({ ...a, version: 2, variants: withVariants(['A-3']) }, 1);
      expect(await repo.offersTaken(['A-1', 'A-3'], b.id)).toEqual(['A-3']);
      await repo.update({ ...a, version: 3, stage: 'archived', variants: withVariants(['A-3']) }, 2);
      expect(await repo.offersTaken(['A-3', 'A'], b.id)).toEqual([]);
      await repo.delete(a.id);
      expect(await repo.offersTaken(['A-3'], b.id)).toEqual([]);
    });

    it('export reader pages through every match in created order with stored images in group order', async () => {
      const repo = products();
      const made = Array.from({ length: 25 }, (_, i) => product({ created_at: at(i % 5), stage: i === 3 ? 'archived' : 'editing' }));
      for (const p of made) await repo.insert(p);
      const first = made[0]!;
      await makeKyselyAssetRepository(handle.db).insertMany([
        storedAsset(first.id, 'detail', 0),
        storedAsset(first.id, 'main', 1),
        storedAsset(first.id, 'main', 0),
        storedAsset(first.id, 'sku', 0, 'failed'),
      ]);
      const reader = makeKyselyProductExportReader(handle.db);
      const batches: string[][] = [];
      let images: readonly string[] = [];
      for await (const batch of reader.batches({}, 7)) {
        batches.push(batch.map((r) => r.id));
        images = batch.find((r) => r.id === first.id)?.stored_images ?? images;
      }
      expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 3]);
      const expected = made.filter((p) => p.stage !== 'archived').sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id));
      expect(batches.flat()).toEqual(expected.map((p) => p.id));
      expect(images).toEqual(['/media/p/main-0.jpg', '/media/p/main-1.jpg', '/media/p/detail-0.jpg']);

      const chosen: string[] = [];
      for await (const batch of reader.batches({ ids: [made[1]!.id, made[3]!.id], stage: 'archived' }, 10)) chosen.push(...batch.map((r) => r.id));
      expect(chosen).toEqual([made[3]!.id]);
    });

    it('fx store keeps the last accepted rate and replaces it', async () => {
      const store = makeKyselyFxRateStore(handle.db);
      expect(await store.lastGood()).toBeUndefined();
      await store.save({ rate: 11.2, source: 'cbr', updated_at: at(1) });
      await store.save({ rate: 11.3, source: 'er-api', updated_at: at(2) });
      expect(await store.lastGood()).toEqual({ rate: 11.3, source: 'er-api', updated_at: at(2) });
    });
  });
}

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
      (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'product%s' order by name`.execute(handle.db)).rows.map((r) => r.name);
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
      (await sql<{ n: number }>`select count(*) as n from product_search_trigrams where product_search_trigrams match ${`"${q}"`}`.execute(handle.db)).rows[0]!.n;
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
