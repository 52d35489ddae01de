import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMarketSweep } from '../../src/application/publishing/market-sweep.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { dropSchema, testDatabases } from '../helpers/databases.ts';
import { storeImportedOffers } from '../helpers/imported-offers.ts';
import { GOOD_KEY, bindActiveShop } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const OFFERS = 30;
/** The background sweeper sleeps; the tests run the sweep's passes themselves. */
const ENV = { MARKET_SWEEP_FIRST_MS: '3600000', PUBLISH_POLL_IDLE: '1h' };

/** `OFFERS` products imported on the fake marketplace (all kept in moderation) with their imported publish records, due now. */
async function importedOffers(t: TestApp, ozon: FakeOzon, shopId: string): Promise<string[]> {
  ozon.plan = { pendingPolls: 0, outcome: 'imported' };
  ozon.moderation.plan.moderationMs = 3_600_000;
  const { products, publishTasks, marketOffers, db } = t.container.cradle;
  const now = new Date().toISOString();
  const batch: Product[] = Array.from({ length: OFFERS }, (_, i) => {
    const offerId = `TWO-${i}-${randomUUID().slice(0, 4)}`;
    return { ...publishableProduct({ id: randomUUID(), offer_id: offerId, attributes: { '9048': offerId } }, now), stage: 'published' };
  });
  await storeImportedOffers({ products, publishTasks }, ozon, shopId, batch);
  await marketOffers.enrolImported(now, 3_600_000);
  await sql`update market_offers set next_check_at = ${new Date(Date.now() - 1).toISOString()}`.execute(db);
  return batch.map((product) => product.offer_id);
}

/** A sweep of this app's parts, claiming `batch` offers a request and holding them `leaseMs`. */
const sweepOf = (t: TestApp, batch: number, leaseMs = 60_000) => {
  const c = t.container.cradle;
  return makeMarketSweep({
    marketOffers: c.marketOffers,
    shopAccess: c.shopAccess,
    marketplace: c.marketplace,
    offersCreated: c.offersCreated,
    clock: c.clock,
    timings: c.config.marketSweep,
    leaseMs,
    batch,
  });
};

/**
 * The sweep across instances and crashes (issue 31, docs/decisions.md, Moderation): a process that dies holding offers
 * loses none (they are due again once its lease lapses), and two instances on one PostgreSQL never ask the marketplace
 * for the same offer twice in a round.
 */
describe('the moderation sweep across a crash and two instances', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each(testDatabases().map((database) => [database.name, database] as const))(
    'a sweep that died holding offers loses none (%s)',
    async (_name, database) => {
      const ozon = await startFakeOzon();
      ozon.addKey('123456', GOOD_KEY);
      cleanups.push(() => ozon.close());
      const t = await startTestApp({ database, env: { OZON_API_URL: ozon.url, ...ENV } });
      cleanups.push(() => t.close());
      const offers = await importedOffers(t, ozon, await bindActiveShop(t));
      // The dying process: it claimed every offer for 300 ms and never answered (killed before its look was stored).
      const now = Date.now();
      const held = await t.container.cradle.marketOffers.claimDue(new Date(now).toISOString(), new Date(now + 300).toISOString(), 1000, []);
      expect(held).toHaveLength(OFFERS);
      const survivor = sweepOf(t, 1000);
      expect(await survivor.pass()).toBe(false); // still held: nobody asks for them twice
      expect(ozon.moderation.lookups).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 350));
      while (await survivor.pass());
      expect(ozon.moderation.lookups.flat().sort()).toEqual([...offers].sort());
      const states = await t.container.cradle.marketOffers.ofProducts(held.map((offer) => offer.product_id));
      expect(states.every((offer) => offer.market_state === 'moderating' && offer.market_checked_at !== null)).toBe(true);
    },
  );

  const postgres = testDatabases().find((database) => database.name === 'postgres');
  it.runIf(postgres)('two instances on one PostgreSQL share a round, each offer asked for once', async () => {
    const ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    cleanups.push(() => ozon.close());
    const shared = postgres!.fresh();
    cleanups.push(() => dropSchema(shared.url, shared.schema!));
    const a = await startTestApp({ sharedDatabase: shared, env: { OZON_API_URL: ozon.url, ...ENV } });
    cleanups.push(() => a.close());
    const b = await startTestApp({ sharedDatabase: shared, env: { OZON_API_URL: ozon.url, ...ENV } });
    cleanups.push(() => b.close());
    const offers = await importedOffers(a, ozon, await bindActiveShop(a));
    const run = async (sweep: ReturnType<typeof sweepOf>) => {
      while (await sweep.pass());
    };
    await Promise.all([run(sweepOf(a, 4)), run(sweepOf(b, 4)), run(sweepOf(a, 4)), run(sweepOf(b, 4))]);
    const asked = ozon.moderation.lookups.flat();
    expect(asked.sort()).toEqual([...offers].sort());
    expect(ozon.moderation.lookups.every((ids) => ids.length <= 4)).toBe(true);
  });
});
