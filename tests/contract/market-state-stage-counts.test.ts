import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { migrationProvider } from '../../src/adapters/persistence/migrations/index.ts';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { STAGES } from '../../src/domain/catalog/product-values.ts';
import { MARKET_STATES } from '../../src/domain/publishing/market-state.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

type Count = { market_state: string; stage: string; n: number };
const sorted = (rows: Count[]): string[] => rows.map((row) => `${row.market_state}|${row.stage}|${Number(row.n)}`).sort();

/** A small deterministic generator, so a failing sequence can be replayed. */
const random = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/**
 * 033's counts per market state and stage, kept by triggers: after states written, changed and removed, products
 * moving stage and deleted, they equal a fresh count, and the list's stage counts for a market state read them.
 */
for (const database of testDatabases()) {
  describe(`market_state_stage_counts on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    let products: ProductRepository;
    beforeEach(async () => {
      handle = await database.open();
      products = makeKyselyProductRepository(handle.db);
    });
    afterEach(() => handle.dispose());

    const kept = async (): Promise<string[]> =>
      sorted((await sql<Count>`select market_state, stage, n from market_state_stage_counts where n != 0`.execute(handle.db)).rows);
    const fresh = async (): Promise<string[]> =>
      sorted(
        (
          await sql<Count>`select m.market_state, p.stage, count(*) as n from product_market_states m join products p on p.id = m.product_id
            group by m.market_state, p.stage`.execute(handle.db)
        ).rows,
      );

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
          await sql`insert into product_market_states (product_id, market_state) values (${id}, ${pick(MARKET_STATES)})
            on conflict (product_id) do update set market_state = excluded.market_state where product_market_states.market_state != excluded.market_state`.execute(
            handle.db,
          );
        else if (move < 0.5) await sql`delete from product_market_states where product_id = ${id}`.execute(handle.db);
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
        if (step % 20 === 19) expect(await kept()).toEqual(await fresh());
      }
      expect((await kept()).length).toBeGreaterThan(3);
      expect(await kept()).toEqual(await fresh());

      // The list's stage counts for a state are those kept rows (every stage, archived included).
      for (const state of MARKET_STATES) {
        const counts = await products.stageCounts({ page: 1, pageSize: 20, marketState: state });
        const expected = Object.fromEntries(STAGES.map((stage) => [stage, 0]));
        for (const row of await fresh()) {
          const [rowState, stage, n] = row.split('|');
          if (rowState === state) expected[stage!] = Number(n);
        }
        expect(counts).toEqual(expected);
      }
    });

    it('counts the states already written when it migrates up, and goes down and up again', async () => {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('032-summary-columns')).error).toBeUndefined();
      for (const [i, stage] of (['editing', 'published', 'published', 'archived'] as const).entries()) {
        const product = publishableProduct({ id: randomUUID(), offer_id: `UP-${i}`, stage });
        await products.insert(product);
        await sql`insert into product_market_states (product_id, market_state) values (${product.id}, ${i % 2 === 0 ? 'on_sale' : 'declined'})`.execute(
          handle.db,
        );
      }
      await handle.migrate();
      expect(await kept()).toEqual(['declined|archived|1', 'declined|published|1', 'on_sale|editing|1', 'on_sale|published|1']);
      expect(await kept()).toEqual(await fresh());
    });
  });
}
