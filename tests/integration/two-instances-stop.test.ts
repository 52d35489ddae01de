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
    'SIGTERM to an instance downloading, polling and sweeping: the other takes its downloads, its publish task and its sweep within a second of its exit, and each is done once (skipped without TEST_DATABASE_URL: needs PostgreSQL)',
    async () => {
      const { cdn, ozon, db, start, apiOf } = await startStage(ADMIN_URL!, cleanups);
      const env = { ...LONG, MARKET_SWEEP_FIRST_MS: '200' };
      // A looks for work every second (its sweep enrols the import on its first pass); B only when told.
      const a = await start('a', { ...env, PUBLISH_POLL_IDLE: '1s', LOG_LEVEL: 'info' });
      const onA = await apiOf(a);
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      const shop = (await onA('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
      expect((await onA('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
      const products = makeKyselyProductRepository(db.db);
      const [swept, polled] = ['STOP-0', 'STOP-1'].map((offer) => publishableProduct({ id: crypto.randomUUID(), offer_id: offer }, new Date().toISOString()));
      for (const product of [swept!, polled!]) await products.insert(product);
      const recordOf = async (productId: string) => db.db.selectFrom('publish_tasks').selectAll().where('product_id', '=', productId).executeTakeFirst();

      // A sweep: the first product imported, A's moderation sweep looks it up and the marketplace never answers. The
      // publish's own duplicate lookup (before it creates the card) is answered: only lookups after the send are held.
      let heldLookups = 0;
      let sent = false;
      ozon.holdLookups = (offerIds) => sent && offerIds.includes('STOP-0') && heldLookups++ === 0;
      expect((await onA('POST', '/api/publish', { shop_id: shop.id, product_ids: [swept!.id] })).status).toBe(202);
      sent = true;
      await until('A sweeping the imported offer', () => heldLookups === 1);
      expect((await recordOf(swept!.id))?.status).toBe('imported');

      // A publish task whose first poll A sends and the marketplace never answers.
      let heldPolls = 0;
      let holdNextPoll = true;
      ozon.holdPolls = () => holdNextPoll && ((holdNextPoll = false), ++heldPolls > 0);
      expect((await onA('POST', '/api/publish', { shop_id: shop.id, product_ids: [polled!.id] })).status).toBe(202);
      await until('A polling the task', () => heldPolls === 1);

      // Four downloads A claims at once (its intake nudges its own worker) and the CDN holds.
      cdn.hold();
      expect((await onA('POST', '/api/materials', materials(cdn.url, 1, 4))).json.assetsQueued).toBe(4);
      await until('A downloading 4', () => cdn.held() === 4);

      // B starts while A holds all of it: nothing for B to claim. (The lookups answered so far are the publishes' own
      // duplicate checks, one each.)
      const answeredLookups = ozon.moderation.lookups.length;
      expect(answeredLookups).toBe(2);
      const b = await start('b', env);
      expect([cdn.held(), heldPolls, heldLookups, ozon.moderation.lookups.length]).toEqual([4, 1, 1, answeredLookups]);

      a.child.kill('SIGTERM');
      expect(await a.exited(), a.stdout()).toBe(0);
      const exitedAt = Date.now();
      const polledTask = ozon.tasks.get(Number((await recordOf(polled!.id))?.task_id));
      await until('B downloading the 4 A handed back', () => cdn.held() - cdn.heldGone() === 4, 5_000);
      await until('B polling the task A handed back', () => polledTask?.polls === 1, 5_000);
      await until('B sweeping the offer A handed back', () => ozon.moderation.lookups.slice(answeredLookups).some((ids) => ids.includes('STOP-0')), 5_000);
      expect(Date.now() - exitedAt).toBeLessThan(1_000);

      cdn.release();
      await until(
        'the 4 images stored by B',
        async () => (await db.db.selectFrom('assets').select('id').where('status', '=', 'stored').execute()).length === 4,
      );
      // A's four requests hung up unanswered when it exited; each image was delivered once, to B.
      expect(cdn.abandoned()).toBe(4);
      expect([...cdn.delivered.values()]).toEqual([1, 1, 1, 1]);
      // Each task answered one poll, its result written once: both records imported, the products published.
      expect([...ozon.tasks.values()].map((task) => task.polls)).toEqual([1, 1]);
      const onB = await apiOf(b);
      for (const product of [swept!, polled!]) expect((await onB('GET', `/api/products/${product.id}`)).json.stage).toBe('published');
      expect(await recordOf(polled!.id)).toMatchObject({ status: 'imported', attempts: 1 });
      // The sweep's look was B's: the offer checked, A's unanswered look wrote nothing.
      const offer = await db.db.selectFrom('market_offers').selectAll().where('offer_id', '=', 'STOP-0').executeTakeFirstOrThrow();
      expect(offer.market_checked_at).not.toBeNull();
    },
    120_000,
  );
});
