import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SearchCountOptions } from '../../src/adapters/persistence/kept-search-totals.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { searchTextOf } from '../../src/adapters/persistence/product-rows.ts';
import { newProduct, type Product, STAGES, type Stage } from '../../src/domain/product.ts';
import { testDatabases } from '../helpers/databases.ts';

/**
 * `stage_counts` with `q` are derived from kept totals where they can be (kept-search-totals.ts, and the list's
 * liveSearchCounts): they must still equal a count over the catalog after any writes, kept or not.
 */
const KEEP_SMALL: SearchCountOptions = { minMatches: 2, capacity: 6 };

let sequence = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;
const name = fc.array(fc.constantFrom('a', 'b', 'ab', 'abc', 'ca', ' '), { maxLength: 5 }).map((pieces) => pieces.join(''));
const stage = fc.constantFrom<Stage>('editing', 'editing', 'ready', 'collected', 'archived');
const operation = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), name, stage }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), stage }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('count' as const), q: fc.constantFrom('a', 'ab', 'abc', 'ca', 'b a', 'cab') }),
);

const expected = (catalog: Iterable<Product>, q: string): Record<Stage, number> => {
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  for (const product of catalog) if (searchTextOf(product).includes(q)) counts[product.stage] += 1;
  return counts;
};

describe.each(testDatabases())('stage counts of a search on $name', (database) => {
  it('equal a count over the catalog whatever was kept and written before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 40 }), async (operations) => {
        const handle = await database.open();
        try {
          const repo = makeKyselyProductRepository(handle.db, KEEP_SMALL);
          const catalog = new Map<string, Product>();
          const pick = (n: number) => [...catalog.values()][n % catalog.size];
          for (const op of operations) {
            const now = new Date(Date.UTC(2026, 10, 24, 0, catalog.size)).toISOString();
            if (op.kind === 'insert') {
              const product = newProduct({ id: uuid(), stage: op.stage, source_platform: '1688', name: op.name }, now);
              await repo.insert(product);
              catalog.set(product.id, product);
            } else if (op.kind === 'count') {
              const query = { q: op.q, page: 1, pageSize: 5 };
              expect({ q: op.q, counts: await repo.stageCounts(query) }).toEqual({ q: op.q, counts: expected(catalog.values(), op.q) });
            } else if (catalog.size > 0) {
              const current = pick(op.kind === 'delete' ? op.pick : op.pick)!;
              if (op.kind === 'delete') {
                await repo.delete(current.id);
                catalog.delete(current.id);
              } else {
                const next = { ...current, ...(op.kind === 'move' ? { stage: op.stage } : { name: op.name }), version: current.version + 1, updated_at: now };
                expect(await repo.update(next, current.version)).toBe(true);
                catalog.set(next.id, next);
              }
            }
          }
        } finally {
          await handle.dispose();
        }
      }),
      { numRuns: database.name === 'sqlite' ? 40 : 15 },
    );
  }, 120_000);
});
