import { afterAll, describe, expect, it } from 'vitest';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { materials, startTwoInstances, until } from '../helpers/two-instances.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const PRODUCTS = 20;
const IMAGES_EACH = 20;
const PUBLISH_GROUPS = 12;

describe('two instances on one PostgreSQL and one S3', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(!ADMIN_URL)(
    "download each of 400 images once, take over a killed instance's downloads, and poll each publish task once (skipped without TEST_DATABASE_URL: needs PostgreSQL)",
    async () => {
      const { s3, cdn, ozon, db, a, onA, onB } = await startTwoInstances(ADMIN_URL!, cleanups);

      // Publishing: bulk sends of two products each, half through each instance; each task is polled by one.
      const shop = (await onA('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
      expect((await onB('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
      const products = makeKyselyProductRepository(db.db);
      const ready = Array.from({ length: PUBLISH_GROUPS * 2 }, (_, n) =>
        publishableProduct({ id: crypto.randomUUID(), offer_id: `TWO-${n}` }, new Date().toISOString()),
      );
      for (const product of ready) await products.insert(product);
      const sends = await Promise.all(
        Array.from({ length: PUBLISH_GROUPS }, (_, group) =>
          (group % 2 ? onB : onA)('POST', '/api/publish', { shop_id: shop.id, product_ids: [ready[2 * group]!.id, ready[2 * group + 1]!.id] }),
        ),
      );
      expect(sends.map((send) => send.status)).toEqual(Array(PUBLISH_GROUPS).fill(202));

      // Collecting: 400 images through both instances; both download from the one backlog. The CDN starts holding
      // after a third of them, whatever the speed of the machine (a test-side "hold now" came too late on a fast run).
      cdn.holdAfter(130);
      const collected = await Promise.all(
        Array.from({ length: PRODUCTS }, (_, n) => (n % 2 ? onB : onA)('POST', '/api/materials', materials(cdn.url, n, IMAGES_EACH))),
      );
      expect(collected.map((reply) => reply.json.assetsQueued)).toEqual(Array(PRODUCTS).fill(IMAGES_EACH));
      const stored = async (): Promise<number> =>
        Number(
          (
            await db.db
              .selectFrom('assets')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('status', '=', 'stored')
              .executeTakeFirstOrThrow()
          ).n,
        );

      // Every publish task final before the kill, so no poll was cut short by it.
      await until(
        'publish tasks final',
        async () => (await db.db.selectFrom('publish_tasks').select('id').where('status', '=', 'pending').execute()).length === 0,
      );
      // Mid-way (after a third of the images): the CDN holds requests until both instances have all their
      // download slots waiting on it.
      await until(
        'both instances downloading (8 held)',
        () => cdn.held() === 8,
        60_000,
        () => `(${cdn.held()} held)`,
      );
      a.child.kill('SIGKILL');
      await a.exited();
      await until("the killed instance's requests hung up", () => cdn.heldGone() === 4);
      cdn.release();
      await until('every image stored by the survivor', async () => (await stored()) === PRODUCTS * IMAGES_EACH);

      // The four images the dead instance had started were not delivered to it; each image was delivered once.
      expect(cdn.abandoned()).toBe(4);
      expect(cdn.delivered.size).toBe(PRODUCTS * IMAGES_EACH);
      expect([...cdn.delivered.values()].every((times) => times === 1)).toBe(true);
      const sample = await db.db.selectFrom('assets').select('stored_url').limit(1).executeTakeFirstOrThrow();
      expect(sample.stored_url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      expect((await fetch(sample.stored_url)).status).toBe(200);

      // The fake plans one pending answer per task: two polls each, none repeated by the other instance.
      expect(ozon.tasks.size).toBe(PUBLISH_GROUPS);
      expect([...ozon.tasks.values()].map((task) => task.polls)).toEqual(Array(PUBLISH_GROUPS).fill(2));
      const records = await db.db.selectFrom('publish_tasks').select(['status', 'marketplace_product_id']).execute();
      expect(records).toHaveLength(PUBLISH_GROUPS * 2);
      expect(records.every((record) => record.status === 'imported' && record.marketplace_product_id !== null)).toBe(true);
      expect((await onB('GET', `/api/products/${ready[0]!.id}`)).json.stage).toBe('published');
    },
    120_000,
  );
});
