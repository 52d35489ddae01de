import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeKyselyPublishTaskRepository } from '../../src/adapters/persistence/kysely-publish-task-repository.ts';
import { startFakeOzon } from '../fakes/ozon.ts';
import { FAKE_WAREHOUSES } from '../fakes/ozon-stocks.ts';
import { storeImportedOffers } from '../helpers/imported-offers.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { loginTo, until } from '../helpers/service-api.ts';
import { startServiceProcess } from '../helpers/service-process.ts';

const SECRETS = {
  APP_TOKEN: 'stock-kill-app-token-012345',
  JWT_SECRET: 'stock-kill-jwt-secret-of-32-bytes!!',
  SECRET_KEY: 'stock-kill-secret-key-0123456789ab',
};
const WAREHOUSE = FAKE_WAREHOUSES[0]!.warehouse_id;
type Cleanups = (() => Promise<void> | void)[];

/** Both tests' stand: a fake marketplace knowing the key, a data dir, and the service's environment on them. */
async function stand(cleanups: Cleanups, prefix: string, env: Record<string, string>) {
  const ozon = await startFakeOzon();
  cleanups.push(() => ozon.close());
  ozon.addKey('123456', GOOD_KEY);
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { ozon, dataDir, env: { ...SECRETS, DATA_DIR: dataDir, OZON_API_URL: ozon.url, OUTBOUND_ALLOW_PRIVATE: 'true', ...env } };
}

/** The first service process with a shop bound and tested: its API and the shop's id. */
async function firstWithShop(cleanups: Cleanups, env: Record<string, string>) {
  const first = await startServiceProcess(env);
  cleanups.push(() => void first.child.kill('SIGKILL'));
  const api = await loginTo(first, SECRETS.APP_TOKEN);
  const shop = (await api('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY })).json as { id: string };
  expect((await api('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
  return { first, api, shopId: shop.id };
}

/** The marketplace's 30 s, shortened alike on both sides, still longer than a restart takes (so the guard is what holds the resend). */
const PAIR_INTERVAL_MS = 6_000;

/**
 * kill -9 of a service whose stock request reached the marketplace but whose answer never came (docs/decisions.md,
 * Stock): the restarted service sends the pair again (nothing lost), not before the pair's interval since the first
 * send (the marketplace answers no TOO_MANY_REQUESTS), and once. SQLite; PostgreSQL and two senders at once are
 * tests/integration/stock-sends.test.ts's.
 */
describe('kill -9 in the middle of a stock send, restart on the same database', () => {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('sends the pair again after the restart, once, and not within its interval', async () => {
    const { ozon, dataDir, env } = await stand(cleanups, 'lws-stock-kill-', {
      STOCK_PAIR_INTERVAL: `${PAIR_INTERVAL_MS}ms`,
      STOCK_SEND_LEASE: '1s',
      STOCK_IDLE: '200ms',
    });
    ozon.stockBook.pairIntervalMs = PAIR_INTERVAL_MS;
    ozon.stockBook.created = () => true;
    const started = await firstWithShop(cleanups, env);
    const { first } = started;
    let { api } = started;
    const shop = { id: started.shopId };
    expect((await api('PATCH', `/api/shops/${shop.id}`, { default_warehouse_id: WAREHOUSE })).status).toBe(200);
    const product = (await api('POST', '/api/products', { name: 'Коробка', offer_id: 'KILL-STOCK-1' })).json as { id: string };
    // Its card exists on the marketplace (as the publish write-back would have stored).
    const db = await openDatabase(`sqlite://${path.join(dataDir, 'listing.db')}`);
    cleanups.push(() => db.close());
    await db.db.updateTable('products').set({ marketplace_product_id: '880000777', stage: 'published' }).where('id', '=', product.id).execute();

    ozon.stockBook.holdAnswers = true;
    expect((await api('POST', '/api/stock', { shop_id: shop.id, items: [{ product_id: product.id, stock: 15 }] })).json).toMatchObject({
      items: [{ offer_id: 'KILL-STOCK-1', stock: 15, status: 'waiting' }],
    });
    await until('the marketplace took the stock, unanswered', () => ozon.stockBook.received.length === 1);
    const firstSentAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exited();
    ozon.stockBook.holdAnswers = false;

    const second = await startServiceProcess(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    api = await loginTo(second, SECRETS.APP_TOKEN);
    const sends = async () =>
      (await api('GET', `/api/products/${product.id}/stock`)).json as { items: { status: string; stock: number; sent_stock: number | null }[] };
    await until('the pair sent again and answered', async () => (await sends()).items[0]?.status === 'sent', 30_000);
    expect((await sends()).items).toMatchObject([{ status: 'sent', stock: 15, sent_stock: 15 }]);
    expect(ozon.stockBook.received.map((pair) => [pair.offer_id, pair.stock, pair.error ?? 'taken'])).toEqual([
      ['KILL-STOCK-1', 15, 'taken'],
      ['KILL-STOCK-1', 15, 'taken'],
    ]);
    const stockRequests = ozon.requests.filter((request) => request.url === '/v2/products/stocks');
    expect(stockRequests[1]!.at - stockRequests[0]!.at).toBeGreaterThanOrEqual(PAIR_INTERVAL_MS);
    expect(stockRequests[0]!.at).toBeLessThanOrEqual(firstSentAt);
  }, 120_000);
});

/** The sweep's lease (PUBLISH_POLL_LEASE), longer than a restart usually takes, so the lease is what holds a second ask. */
const SWEEP_LEASE_MS = 6_000;

/**
 * kill -9 of a service whose moderation sweep asked the marketplace about its offers and never got the answer
 * (docs/decisions.md, Moderation): the restarted service asks about every one of them again (nothing lost), each
 * once, and not before the dead sweep's lease lapsed. In-process crashes and two PostgreSQL instances are
 * tests/integration/market-sweep-instances.test.ts's.
 */
describe('kill -9 in the middle of a moderation sweep, restart on the same database', () => {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('looks at every offer again after the restart, each once, not within the lease', async () => {
    const { ozon, dataDir, env } = await stand(cleanups, 'lws-sweep-kill-', {
      MARKET_SWEEP_FIRST_MS: '50',
      PUBLISH_POLL_LEASE: `${SWEEP_LEASE_MS}ms`,
      PUBLISH_POLL_IDLE: '200ms',
    });
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    ozon.moderation.plan.moderationMs = 0;
    const held: { ids: string[]; at: number }[] = [];
    ozon.holdLookups = (ids) => (held.push({ ids, at: Date.now() }), true);
    const { first, shopId } = await firstWithShop(cleanups, env);
    const shop = { id: shopId };
    // Five cards imported on the marketplace, their imported records stored beside the running service (as its poller would).
    const db = await openDatabase(`sqlite://${path.join(dataDir, 'listing.db')}`);
    cleanups.push(() => db.close());
    const now = new Date().toISOString();
    const products = Array.from({ length: 5 }, (_, i) => {
      const offerId = `KILL-SWEEP-${i}`;
      return { ...publishableProduct({ id: randomUUID(), offer_id: offerId, attributes: { '9048': offerId } }, now), stage: 'published' as const };
    });
    await storeImportedOffers({ products: makeKyselyProductRepository(db.db), publishTasks: makeKyselyPublishTaskRepository(db.db) }, ozon, shop.id, products);
    const offers = products.map((product) => product.offer_id).sort();

    await until('the sweep asked about every offer, unanswered', () => held.flatMap((ask) => ask.ids).length >= offers.length);
    first.child.kill('SIGKILL');
    await first.exited();
    ozon.holdLookups = undefined;
    expect(held.flatMap((ask) => ask.ids).sort()).toEqual(offers);

    const second = await startServiceProcess(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const looked = async () =>
      (await db.db.selectFrom('market_offers').select(['offer_id', 'market_state', 'market_checked_at']).orderBy('offer_id').execute()).filter(
        (offer) => offer.market_checked_at !== null,
      );
    await until('every offer looked at after the restart', async () => (await looked()).length === offers.length, 60_000);
    expect((await looked()).map((offer) => [offer.offer_id, offer.market_state])).toEqual(offers.map((offer) => [offer, 'no_stock']));
    // Each asked once after the restart, and none before the dead sweep's lease lapsed.
    expect(ozon.moderation.lookups.flat().sort()).toEqual(offers);
    const asked = ozon.requests.filter((request) => request.url === '/v3/product/info/list').map((request) => request.at);
    expect(Math.min(...asked.filter((at) => at > held.at(-1)!.at))).toBeGreaterThanOrEqual(held[0]!.at + SWEEP_LEASE_MS - 50);
  }, 120_000);
});
