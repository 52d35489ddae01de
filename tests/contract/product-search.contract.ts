import fc from 'fast-check';
import { expect } from 'vitest';
import { searchTextOf } from '../../src/adapters/persistence/search-text.ts';
import { type Product, STAGES, type Stage } from '../../src/domain/catalog/product.ts';
import { type CatalogIt } from './catalog-adapters.ts';
import { at, product } from './catalog-fixtures.ts';

/** What every ProductRepository guarantees about `q`: a literal, case-insensitive substring of names, ids and sources. */
export function testProductSearchContract(it: CatalogIt): void {
  it('q finds substrings of name, offer id, source ids and URLs, case-insensitively, short and long', async ({ catalog: { products: repo } }) => {
    const a = product({ name: 'Органайзер Для Кабелей', offer_id: 'ORG-1', updated_at: at(1) });
    const b = product({ name: 'Кружка', source_item_id: '6543210', source_url: 'https://detail.1688.com/offer/6543210.html', updated_at: at(2) });
    const c = product({ name: '100% cotton_shirt', stage: 'archived', updated_at: at(3) });
    const d = product({ name: '100% cotton', updated_at: at(4) });
    const e = product({
      name: 'Sourced',
      sources: [{ platform: 'taobao', item_id: '998877', url: 'https://item.taobao.com/item.htm?id=998877' }],
      updated_at: at(0),
    });
    for (const p of [a, b, c, d, e]) await repo.insert(p);
    const ids = async (q: string, stage?: Product['stage']) => (await repo.list({ q, stage, page: 1, pageSize: 20 })).items.map((i) => i.id);
    expect(await ids('для каб')).toEqual([a.id]);
    expect(await ids('org')).toEqual([a.id]);
    expect(await ids('54321')).toEqual([b.id]);
    expect(await ids('1688.com/offer')).toEqual([b.id]);
    expect(await ids('998877')).toEqual([e.id]);
    expect(await ids('%')).toEqual([d.id]);
    expect(await ids('0%')).toEqual([d.id]);
    expect(await ids('100%_')).toEqual([]);
    expect(await ids('n_s', 'archived')).toEqual([c.id]);
    expect(await ids('nothing-like-this')).toEqual([]);
    expect((await repo.list({ q: 'к', page: 1, pageSize: 20 })).total).toBe(2);
  });

  it('q finds the collected Chinese title once the Russian copy replaced the name (issue 32 item 9)', async ({ catalog: { products: repo } }) => {
    const raw = {
      texts: [
        { kind: 'title', content: '蓝牙耳机 无线降噪' },
        { kind: 'price', content: '¥59' },
      ],
    };
    const p = product({ name: 'Беспроводные наушники', raw, updated_at: at(1) });
    await repo.insert(p);
    const ids = async (q: string) => (await repo.list({ q, page: 1, pageSize: 20 })).items.map((i) => i.id);
    expect(await ids('耳机')).toEqual([p.id]);
    expect(await ids('蓝牙耳机')).toEqual([p.id]);
    expect(await ids('наушники')).toEqual([p.id]);
    expect(await ids('¥59')).toEqual([]);
  });

  it('search follows updates, archiving, restoring and deletes, newest-updated first', async ({ catalog: { products: repo } }) => {
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

  it('queries of 1–2 characters (two-character Chinese words) and longer find exactly the products holding them, by stage, through edits', async ({
    catalog: { products: repo },
  }) => {
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
    expect((await repo.list({ q: '杯', stage: 'archived', page: 1, pageSize: 5 })).items.map((i) => i.id)).toEqual(
      made[3]!.name.includes('杯') ? [made[3]!.id] : [],
    );
  });

  it('pages searches newest-updated first whether they match a few products or most of them', async ({ catalog: { products: repo } }) => {
    // 60 products written in time order: `общий` in all, `редкий` in 2 (PostgreSQL sorts the matches of so
    // narrow a search; it walks the newest products for a broad one), `ок` and `ре` in both forms for short queries.
    const made = Array.from({ length: 60 }, (_, i) => {
      const k = (i * 37) % 60;
      return product({
        name: `общий ${k % 30 === 7 ? 'редкий' : 'товар'} ${k % 3 === 0 ? 'ок' : ''}`,
        stage: k % 2 === 0 ? 'ready' : 'editing',
        updated_at: at(i),
      });
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

  it('long queries (a pasted link) find only products holding the whole text, not just a telling part of it', async ({ catalog: { products: repo } }) => {
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

  it('takes any text as a literal substring, never as query syntax', async ({ catalog: { products: repo } }) => {
    // The last one holds letters FTS5's trigram tokenizer would fold by default (ς to σ, ſ to s).
    const names = ['a"b* AND c', 'NEAR(x y) ^z:-', 'кружка\\%_', '杯子 "台灯"', 'λόγος ſtop'];
    for (const [i, name] of names.entries()) await repo.insert(product({ name, updated_at: at(i) }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constantFrom('"', '""', '*', 'AND', 'b* a', '(x', ':-', '^', '\\%', '子 "台', 'γος', 'γοσ', 'stop', 'ſto', 'λόγ'),
        ),
        async (raw) => {
          const q = raw.trim().toLowerCase();
          const expected = q ? names.filter((name) => name.toLowerCase().includes(q)).length : names.length;
          expect((await repo.list({ q: raw, page: 1, pageSize: 20 })).total).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stage counts of a search equal a count over the catalog whatever was written before', async ({ catalog: { products: repo } }) => {
    const name = fc.array(fc.constantFrom('a', 'b', 'ab', 'abc', 'ca', ' '), { maxLength: 5 }).map((pieces) => pieces.join(''));
    const stage = fc.constantFrom<Stage>('editing', 'editing', 'ready', 'collected', 'archived');
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), name, stage }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), stage }),
      fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('count' as const), q: fc.constantFrom('a', 'ab', 'abc', 'ca', 'b a', 'cab') }),
    );
    // One catalog for every run, mirrored in memory: each run writes on top of what the runs before left.
    const mirror = new Map<string, Product>();
    const expected = (q: string) => {
      const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
      for (const p of mirror.values()) if (searchTextOf(p).includes(q)) counts[p.stage] += 1;
      return counts;
    };
    let minute = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 30 }), async (operations) => {
        for (const op of operations) {
          minute += 1;
          const current = [...mirror.values()][('pick' in op ? op.pick : 0) % Math.max(mirror.size, 1)];
          if (op.kind === 'insert') {
            const made = product({ name: op.name, stage: op.stage, created_at: at(minute) });
            await repo.insert(made);
            mirror.set(made.id, made);
          } else if (op.kind === 'count') {
            expect({ q: op.q, counts: await repo.stageCounts({ q: op.q, page: 1, pageSize: 5 }) }).toEqual({ q: op.q, counts: expected(op.q) });
          } else if (!current) {
            continue;
          } else if (op.kind === 'delete') {
            await repo.delete(current.id);
            mirror.delete(current.id);
          } else {
            const next = {
              ...current,
              ...(op.kind === 'move' ? { stage: op.stage } : { name: op.name }),
              version: current.version + 1,
              updated_at: at(minute),
            };
            expect(await repo.update(next, current.version)).toBe(true);
            mirror.set(next.id, next);
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
}
