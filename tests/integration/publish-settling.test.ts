import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { startFakeOzon } from '../fakes/ozon.ts';
import { importRequests, ofProduct, processedOffers } from '../helpers/fake-ozon-traffic.ts';
import { GOOD_KEY, insertPublishable, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { loginTo, until } from '../helpers/service-api.ts';
import { startServiceProcess } from '../helpers/service-process.ts';
import { storedVariantProduct } from '../helpers/stored-variant-product.ts';

type HistoryItem = { offer_id: string; task_id: string | null; status: string; settling: boolean; next_attempt_at: string | null };
const SECRETS = {
  APP_TOKEN: 'settle-app-token-0123456789',
  JWT_SECRET: 'settle-jwt-secret-of-at-least-32-bytes!',
  SECRET_KEY: 'settle-secret-key-0123456789abcd',
};
// A request's records are left to it for 2 s; a card not on the marketplace would be sent again only after a minute.
const SETTINGS = {
  PUBLISH_POLL_FIRST: '100ms',
  PUBLISH_SEND_LEASE: '2s',
  PUBLISH_SEND_SETTLE: '1m',
  PUBLISH_POLL_LEASE: '2s',
  PUBLISH_POLL_IDLE: '1s',
  PUBLIC_BASE_URL: PUBLIC_BASE,
};

/** Issue 20: a record whose send went out unanswered says so (`settling`) instead of looking like a quota wait. */
describe('settling: a new card sent without an answer is being looked up, not waiting for quota', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a bulk publish whose import was cut names the product as settling, unlike one over the quota; the history says the same', async () => {
    const shopApp = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
    cleanups.push(() => shopApp.close());
    const { ozon, t, shopId } = shopApp;
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 1 };
    ozon.importHold = () => 'cut';
    const [sent, over] = [await insertPublishable(t), await insertPublishable(t)];
    const reply = await t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth, payload: { shop_id: shopId, product_ids: [sent.id, over.id] } });
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({
      tasks: [],
      waiting: [over.id, sent.id],
      settling: [sent.id],
      refused: [],
      products: [sent, over].map((p) => ({ product_id: p.id, existing: false })),
    });
    expect(processedOffers(ozon)).toEqual([sent.offer_id]);
    const history = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${id}/publish-history`, headers: t.auth })).json<{ items: HistoryItem[] }>().items;
    expect((await history(sent.id)).map(({ status, settling, task_id }) => [status, settling, task_id])).toEqual([['waiting_quota', true, null]]);
    expect((await history(over.id)).map(({ status, settling }) => [status, settling])).toEqual([['waiting_quota', false]]);
  });

  it('after a crash mid-send the records are settling until the lookup finds the cards made, then imported without a resend', async () => {
    const ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    cleanups.push(() => ozon.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-settle-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...SECRETS, ...SETTINGS, DATA_DIR: dataDir, OZON_API_URL: ozon.url, OUTBOUND_ALLOW_PRIVATE: 'true' };
    const first = await startServiceProcess(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const db = await openDatabase(`sqlite://${path.join(dataDir, 'listing.db')}`);
    cleanups.push(() => db.close());
    const repositories = { products: makeKyselyProductRepository(db.db), assets: makeKyselyAssetRepository(db.db) };
    const { product } = await storedVariantProduct(repositories, 'SETTLE');
    let api = await loginTo(first, SECRETS.APP_TOKEN);
    const shop = (await api('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
    expect((await api('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
    const history = async (): Promise<HistoryItem[]> =>
      ((await api('GET', `/api/products/${product.id}/publish-history`)).json.items as HistoryItem[]).sort((a, b) => a.offer_id.localeCompare(b.offer_id));

    // The marketplace makes the three cards (still being made when looked up) and never answers; the service dies.
    ozon.plan = { pendingPolls: 1_000, outcome: 'imported' };
    ozon.importHold = () => 'hold';
    void api('POST', `/api/products/${product.id}/publish`, { shop_id: shop.id }).catch(() => undefined);
    await until('the import made by the marketplace, unanswered', () => ofProduct(processedOffers(ozon), 'SETTLE'));
    first.child.kill('SIGKILL');
    await first.exited();
    const killedAt = Date.now();
    ozon.importHold = undefined;

    const second = await startServiceProcess(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    api = await loginTo(second, SECRETS.APP_TOKEN);
    const settling = ['waiting_quota', true, null];
    expect((await history()).map(({ status, settling, task_id }) => [status, settling, task_id])).toEqual(Array(3).fill(settling));
    // Looked up and found still being made: still settling.
    const lookups = () => ozon.requests.filter((request) => request.url === '/v3/product/info/list' && request.at >= killedAt).length;
    await until('the restarted service looked the cards up', () => lookups() > 0);
    const attempts = async () =>
      (await db.db.selectFrom('publish_tasks').select('attempts').where('product_id', '=', product.id).execute()).map((row) => row.attempts);
    await until('the lookup stored', async () => (await attempts()).every((count) => count > 0));
    expect((await history()).map(({ status, settling, task_id }) => [status, settling, task_id])).toEqual(Array(3).fill(settling));

    // The cards are made: the next lookup settles the records from them, and nothing was sent again.
    for (const task of ozon.tasks.values()) task.plan.pendingPolls = 0;
    await until('the records settled', async () => (await history()).every((item) => item.status !== 'waiting_quota'), 60_000);
    expect((await history()).map(({ status, settling }) => [status, settling])).toEqual(Array(3).fill(['imported', false]));
    expect(importRequests(ozon).filter((request) => ofProduct(request.offers, 'SETTLE'))).toHaveLength(1);
  }, 120_000);
});
