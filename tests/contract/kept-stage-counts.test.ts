import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { STAGES } from '../../src/domain/catalog/product-values.ts';
import { PRICE_INDEXES } from '../../src/domain/pricing/market-prices.ts';
import { MARKET_STATES } from '../../src/domain/publishing/market-state.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

type Count = { value: string; stage: string; n: number };
const sorted = (rows: Count[]): string[] => rows.map((row) => `${row.value}|${row.stage}|${Number(row.n)}`).sort();

/** The two kept counts: per market state (033, written as the sweep's refreshProductStates does) and per price index (034, as refreshWatch). */
const KEPT = [
  {
    name: 'market_state_stage_counts',
    source: 'product_market_states',
    column: 'market_state',
    values: MARKET_STATES as readonly (string | null)[],
    before: '032-summary-columns',
    filter: (value: string) => ({ marketState: value as (typeof MARKET_STATES)[number] }),
  },
  {
    name: 'price_index_stage_counts',
    source: 'product_market_watch',
    column: 'price_index',
    values: [...PRICE_INDEXES, null] as readonly (string | null)[],
    before: '033-market-state-stage-counts',
    filter: (value: string) => ({ priceIndex: value as (typeof PRICE_INDEXES)[number] }),
  },
] as const;

/** A small deterministic generator, so a failing sequence can be replayed. */
const random = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/**
 * 033's counts per market state and 034's per price index, each by stage, kept by triggers: after rows written,
 * changed and removed, products moving stage and deleted, they equal a fresh count, and the list's stage counts for
 * a market state or a price index read them.
 */
for (const database of testDatabases())
  for (const kept of KEPT) {
    describe(`${kept.name} on ${database.name}`, () => {
      let handle: TestDatabaseHandle;
      let products: ProductRepository;
      beforeEach(async () => {
        handle = await database.open();
        products = makeKyselyProductRepository(handle.db);
      });
      afterEach(() => handle.dispose());

      const [table, source, column] = [sql.table(kept.name), sql.table(kept.source), sql.id(kept.column)];
      const counted = async (): Promise<string[]> =>
        sorted((await sql<Count>`select ${column} as value, stage, n from ${table} where n != 0`.execute(handle.db)).rows);
      const fresh = async (): Promise<string[]> =>
        sorted(
          (
            await sql<Count>`select s.${column} as value, p.stage, count(*) as n from ${source} s join products p on p.id = s.product_id
            where s.${column} is not null group by s.${column}, p.stage`.execute(handle.db)
          ).rows,
        );
      /** The sweep's write of a product's row: inserted, or its value changed. */
      const write = (id: string, value: string | null) =>
        kept.source === 'product_market_states'
          ? sql`insert into product_market_states (product_id, market_state) values (${id}, ${value})
            on conflict (product_id) do update set market_state = excluded.market_state where product_market_states.market_state != excluded.market_state`
          : sql`insert into product_market_watch (product_id, price_index, price_index_rank, below_floor) values (${id}, ${value}, 0, 0)
            on conflict (product_id) do update set price_index = excluded.price_index`;

      it('equal a fresh count after inserts, stage moves, state changes and deletes', async () => {
        const next = random(33);
        const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
        const ids: string[] = [];
        for (let i = 0; i < 40; i++) {
          const product = publishableProduct({ id: randomUUID(), offer_id: `MS-${i}`, stage: pick(STAGES) });
          await products.insert(product);
          ids.push(product.id);
        }
        for (let step = 0; step < 200; step++) {
          const id = pick(ids);
          const move = next();
          if (move < 0.35)
            // The sweep's write (kysely-market-offers.ts, refreshProductStates): insert, or change the state.
            await write(id, kept.source === 'product_market_states' ? pick(kept.values.filter((value) => value !== null)) : pick(kept.values)).execute(
              handle.db,
            );
          else if (move < 0.5) await sql`delete from ${source} where product_id = ${id}`.execute(handle.db);
          else if (move < 0.85) {
            const product = await products.findById(id);
            if (product) await products.update({ ...product, stage: pick(STAGES), version: product.version + 1 }, product.version);
          } else if (move < 0.9) {
            await products.delete(id);
            ids.splice(ids.indexOf(id), 1, randomUUID());
          } else {
            const product = publishableProduct({ id: randomUUID(), offer_id: `MS-new-${step}`, stage: pick(STAGES) });
            await products.insert(product);
            ids.push(product.id);
          }
          if (step % 20 === 19) expect(await counted()).toEqual(await fresh());
        }
        expect((await counted()).length).toBeGreaterThan(3);
        expect(await counted()).toEqual(await fresh());

        // The list's stage counts for a value are those kept rows (every stage, archived included).
        for (const value of kept.values) {
          if (value === null) continue;
          const counts = await products.stageCounts({ page: 1, pageSize: 20, ...kept.filter(value) });
          const expected = Object.fromEntries(STAGES.map((stage) => [stage, 0]));
          for (const row of await fresh()) {
            const [rowValue, stage, n] = row.split('|');
            if (rowValue === value) expected[stage!] = Number(n);
          }
          expect(counts).toEqual(expected);
        }
      });

      it('counts the rows already written when it migrates up, and goes down and up again', async () => {
        const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
        expect((await migrator.migrateTo(kept.before)).error).toBeUndefined();
        const [a, b] = kept.values as [string, string];
        for (const [i, stage] of (['editing', 'published', 'published', 'archived'] as const).entries()) {
          const product = publishableProduct({ id: randomUUID(), offer_id: `UP-${i}`, stage });
          await products.insert(product);
          await write(product.id, i % 2 === 0 ? a : b).execute(handle.db);
        }
        await handle.migrate();
        expect(await counted()).toEqual([`${a}|editing|1`, `${a}|published|1`, `${b}|archived|1`, `${b}|published|1`].sort());
        expect(await counted()).toEqual(await fresh());
      });
    });
  }
