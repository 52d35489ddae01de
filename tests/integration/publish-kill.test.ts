import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { startFakeOzon } from '../fakes/ozon.ts';
import { unlimited } from '../fakes/ozon-products.ts';
import { importRequests, ofProduct, offersOf, processedOffers, productIdsByOffer } from '../helpers/fake-ozon-traffic.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { loginTo, until } from '../helpers/service-api.ts';
import { scratchPostgresDatabase, startServiceProcess } from '../helpers/service-process.ts';
import { storedVariantProduct } from '../helpers/stored-variant-product.ts';

const SECRETS = { APP_TOKEN: 'kill-app-token-0123456789', JWT_SECRET: 'kill-jwt-secret-of-at-least-32-bytes!', SECRET_KEY: 'kill-secret-key-0123456789abcdef' };
// The background sender leaves a request's records alone for 6 s (and the first process's poller is held on P3's
// poll until the kill anyway), a lost send shows on the marketplace within 3 s or is sent again, a dead poller's
// claim lapses after 2 s; the poll back-off starts at 100 ms instead of a second.
const SETTINGS = {
  PUBLISH_POLL_FIRST: '100ms',
  PUBLISH_SEND_LEASE: '6s',
  PUBLISH_SEND_SETTLE: '3s',
  PUBLISH_POLL_LEASE: '2s',
  PUBLISH_POLL_IDLE: '1s',
  PUBLIC_BASE_URL: PUBLIC_BASE,
};
/** P1 loses its import's answer, P2 its whole import, P3 its poll's answer; P4 waits for quota through the kill. */
const PRODUCTS = ['KILL-P1', 'KILL-P2', 'KILL-P3', 'KILL-P4'] as const;
const OPEN = ['pending', 'waiting_quota'];

const databases = [
  { name: 'sqlite', adminUrl: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgresql', adminUrl: process.env.TEST_DATABASE_URL }] : []),
];

// The databases' runs are side by side: each mostly waits on its processes, leases and polls (each has its own data
// dir, database and fake marketplace).
describe('kill -9 in the middle of a variant publish, restart on the same database', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.concurrent.each(databases)(
    'on $name: each variant ends published or failed with its reason, a waiting one is sent after the restart, and each offer is imported once',
    async ({ adminUrl }) => {
      const ozon = await startFakeOzon();
      ozon.addKey('123456', GOOD_KEY);
      cleanups.push(() => ozon.close());
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-kill-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const scratch = adminUrl ? await scratchPostgresDatabase(adminUrl, 'kill') : undefined;
      if (scratch) cleanups.push(() => scratch.drop());
      const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
      const env = { ...SECRETS, ...SETTINGS, ...database, DATA_DIR: dataDir, OZON_API_URL: ozon.url, OUTBOUND_ALLOW_PRIVATE: 'true' };
      const first = await startServiceProcess(env);
      cleanups.push(() => void first.child.kill('SIGKILL'));
      const db = await openDatabase(scratch?.url ?? `sqlite://${path.join(dataDir, 'listing.db')}`);
      cleanups.push(() => db.close());
      const repositories = { products: makeKyselyProductRepository(db.db), assets: makeKyselyAssetRepository(db.db) };
      const products = Object.fromEntries(
        await Promise.all(PRODUCTS.map(async (name) => [name, (await storedVariantProduct(repositories, name)).product.id] as const)),
      );
      let api = await loginTo(first, SECRETS.APP_TOKEN);
      const shop = (await api('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
      expect((await api('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
      const publish = (name: string) => api('POST', `/api/products/${products[name]}/publish`, { shop_id: shop.id });
      const records = async (name: string) =>
        db.db.selectFrom('publish_tasks').selectAll().where('product_id', '=', products[name]!).orderBy('offer_id').execute();

      // P3: sent and its task id stored; the poll's answer never comes (the results are not written back).
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      ozon.holdPolls = (taskId) => ofProduct(offersOf(ozon.tasks.get(taskId)!), 'KILL-P3');
      expect((await publish('KILL-P3')).status).toBe(202);
      const p3Task = [...ozon.tasks.entries()].find(([, task]) => ofProduct(offersOf(task), 'KILL-P3'))![0];
      await until('the poll of P3 held', () =>
        ozon.requests.some((request) => request.url === '/v1/product/import/info' && JSON.parse(request.body.toString()).task_id === p3Task),
      );
      // P1: the marketplace makes its cards (one colour refused) but its answer never comes; P2: the request is lost.
      ozon.plan = { pendingPolls: 1, outcome: 'imported', declinedOffers: ['KILL-P1-2'] };
      ozon.importHold = (offers) => (ofProduct(offers, 'KILL-P1') ? 'hold' : ofProduct(offers, 'KILL-P2') ? 'lose' : 'answer');
      void publish('KILL-P1').catch(() => undefined);
      await until('P1 imported by the marketplace, unanswered', () => ofProduct(processedOffers(ozon), 'KILL-P1'));
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      void publish('KILL-P2').catch(() => undefined);
      await until('P2 received by the marketplace, never processed', () => importRequests(ozon).some((request) => ofProduct(request.offers, 'KILL-P2')));
      // P4: beyond today's create quota; it waits for the reset (the first process's poller, held on P3, cannot send it).
      const resetAt = new Date(Date.now() + 8_000).toISOString();
      ozon.limits = {
        daily_create: { limit: 0, usage: 0, reset_at: resetAt },
        daily_update: { limit: -1, usage: 0, reset_at: resetAt },
        total: { limit: -1, usage: 0 },
      };
      expect((await publish('KILL-P4')).json).toMatchObject({ status: 'waiting_quota', next_attempt_at: resetAt });

      // What the kill leaves: P1 and P2 marked as sent without an answer, P3 pending on its task, P4 waiting unsent.
      expect((await records('KILL-P1')).map((record) => [record.status, record.task_id, record.send_started_at !== null])).toEqual(
        Array(3).fill(['waiting_quota', null, true]),
      );
      expect((await records('KILL-P2')).map((record) => [record.status, record.send_started_at !== null])).toEqual(Array(3).fill(['waiting_quota', true]));
      expect((await records('KILL-P3')).map((record) => [record.status, record.task_id])).toEqual(Array(3).fill(['pending', String(p3Task)]));
      expect((await records('KILL-P4')).map((record) => [record.status, record.next_poll_at, record.send_started_at])).toEqual(
        Array(3).fill(['waiting_quota', resetAt, null]),
      );
      first.child.kill('SIGKILL');
      await first.exited();
      const killedAt = Date.now();
      ozon.importHold = undefined;
      ozon.holdPolls = undefined;
      ozon.limits = unlimited();

      const second = await startServiceProcess(env);
      cleanups.push(() => void second.child.kill('SIGKILL'));
      api = await loginTo(second, SECRETS.APP_TOKEN);
      await until(
        'every record final',
        async () => (await db.db.selectFrom('publish_tasks').select('id').where('status', 'in', OPEN).execute()).length === 0,
        90_000,
      );

      const byOffer = productIdsByOffer(ozon);
      for (const name of PRODUCTS) {
        const { stage, variants } = (await api('GET', `/api/products/${products[name]}`)).json as {
          stage: string;
          variants: { offer_id: string; status: string; marketplace_product_id: string | null }[];
        };
        const expected = name === 'KILL-P1' ? ['imported', 'failed', 'imported'] : ['imported', 'imported', 'imported'];
        expect([stage, variants.map((variant) => variant.status)]).toEqual(['published', expected]);
        for (const variant of variants.filter((one) => one.status === 'imported')) expect(variant.marketplace_product_id).toBe(byOffer.get(variant.offer_id));
      }
      // The refused colour says why, in Chinese.
      const history = (await api('GET', `/api/products/${products['KILL-P1']}/publish-history`)).json.items as {
        offer_id: string;
        status: string;
        errors: { code: string; explanation: string | null }[];
      }[];
      expect(history.find((item) => item.offer_id === 'KILL-P1-2')).toMatchObject({
        status: 'failed',
        errors: [{ code: 'invalid_attribute_value', explanation: '属性值不在平台字典中，请重新选择' }],
      });

      // Nothing sent twice: each offer imported once. P1's lost answer was found on the marketplace, not sent again;
      // P2 went again only because the marketplace never had it; P4 went once, after the restart.
      const offers = PRODUCTS.flatMap((name) => [1, 2, 3].map((n) => `${name}-${n}`));
      expect(offers.map((offer) => [offer, processedOffers(ozon).filter((seen) => seen === offer).length])).toEqual(offers.map((offer) => [offer, 1]));
      const requests = importRequests(ozon);
      expect(requests.filter((request) => ofProduct(request.offers, 'KILL-P1'))).toHaveLength(1);
      expect(requests.filter((request) => ofProduct(request.offers, 'KILL-P2'))).toHaveLength(2);
      expect(requests.filter((request) => ofProduct(request.offers, 'KILL-P4')).map((request) => request.at >= killedAt)).toEqual([true]);
    },
    180_000,
  );
});
