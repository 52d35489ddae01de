import { afterAll, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { materials, startStage, until } from '../helpers/two-instances.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/**
 * Leases and the idle poll far longer than the test: work that changes hands within it was handed back, not
 * left to lapse.
 */
const LONG = { DOWNLOAD_LEASE: '60s', PUBLISH_POLL_LEASE: '60s', PUBLISH_POLL_IDLE: '60s' };

describe('a graceful stop hands its leased work to the other instance at once', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(!ADMIN_URL)(
    'SIGTERM to an instance downloading and polling: the other takes its downloads and its publish task within a second of its exit, and each is done once (skipped without TEST_DATABASE_URL: needs PostgreSQL)',
    async () => {
      const { cdn, ozon, db, start, apiOf } = await startStage(ADMIN_URL!, cleanups);
      const a = await start('a', { ...LONG, LOG_LEVEL: 'info' });
      const onA = await apiOf(a);

      // A publish task whose first poll A sends and the marketplace never answers.
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      let heldPolls = 0;
      ozon.holdPolls = () => heldPolls++ === 0;
      const shop = (await onA('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
      expect((await onA('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
      const product = publishableProduct({ id: crypto.randomUUID(), offer_id: 'STOP-1' }, new Date().toISOString());
      await makeKyselyProductRepository(db.db).insert(product);
      expect((await onA('POST', '/api/publish', { shop_id: shop.id, product_ids: [product.id] })).status).toBe(202);
      await until('A polling the task', () => heldPolls === 1);

      // Four downloads A claims at once (its intake nudges its own worker) and the CDN holds.
      cdn.hold();
      expect((await onA('POST', '/api/materials', materials(cdn.url, 1, 4))).json.assetsQueued).toBe(4);
      await until('A downloading 4', () => cdn.held() === 4);

      // B starts while A holds all of it: nothing for B to claim.
      const b = await start('b', LONG);
      expect(cdn.held()).toBe(4);
      expect(heldPolls).toBe(1);

      a.child.kill('SIGTERM');
      expect(await a.exited(), a.stdout()).toBe(0);
      const exitedAt = Date.now();
      await until('B downloading the 4 A handed back', () => cdn.held() - cdn.heldGone() === 4, 5_000);
      await until('B polling the task A handed back', () => ozon.tasks.values().next().value?.polls === 1, 5_000);
      expect(Date.now() - exitedAt).toBeLessThan(1_000);

      cdn.release();
      await until(
        'the 4 images stored by B',
        async () => (await db.db.selectFrom('assets').select('id').where('status', '=', 'stored').execute()).length === 4,
      );
      // A's four requests hung up unanswered when it exited; each image was delivered once, to B.
      expect(cdn.abandoned()).toBe(4);
      expect([...cdn.delivered.values()]).toEqual([1, 1, 1, 1]);
      // One answered poll, its result written once: the record imported, the product published.
      expect(ozon.tasks.size).toBe(1);
      const onB = await apiOf(b);
      expect((await onB('GET', `/api/products/${product.id}`)).json.stage).toBe('published');
      const records = await db.db.selectFrom('publish_tasks').select(['status', 'attempts']).execute();
      expect(records).toEqual([{ status: 'imported', attempts: 1 }]);
    },
    120_000,
  );
});
