import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { startCountingCdn } from '../fakes/counting-cdn.ts';
import { startFakeOzon } from '../fakes/ozon.ts';
import { startFakeS3 } from '../fakes/s3.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { type ServiceProcess, scratchPostgresDatabase, startServiceProcess } from '../helpers/service-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** What every instance must share (README "Running more than one instance"). */
const SHARED = { APP_TOKEN: 'two-app-token-0123456789', JWT_SECRET: 'two-jwt-secret-that-is-at-least-32-bytes!', SECRET_KEY: 'two-secret-key-0123456789abcdef' };
const PRODUCTS = 20;
const IMAGES_EACH = 20;
const PUBLISH_GROUPS = 12;

/** Polls `probe` until it holds; a bound against hanging, never an assertion on how long it took. */
async function until(what: string, probe: () => boolean | Promise<boolean>, limitMs = 60_000, state: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what} ${state()}`.trim());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the assertions
type Api = (method: string, url: string, body?: unknown) => Promise<{ status: number; json: any }>;
const apiOf = (base: string, token: string): Api => async (method, url, body) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
};

const materials = (cdn: string, product: number) => ({
  product: { id: null },
  source: { platform: '1688', itemId: `two-${product}`, url: `https://detail.1688.com/offer/${product}.html`, collectedAt: 1 },
  texts: [],
  images: Array.from({ length: IMAGES_EACH }, (_, index) => ({
    groupKey: 'detail', groupName: '详情', variantName: null, url: `${cdn}/p${product}/${index}.jpg`, index, type: 'img', dedupeKey: `p${product}-${index}`,
  })),
});

describe('two instances on one PostgreSQL and one S3', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(!ADMIN_URL)(
    'download each of 400 images once, take over a killed instance\'s downloads, and poll each publish task once (skipped without TEST_DATABASE_URL: needs PostgreSQL)',
    async () => {
      const [database, s3, cdn, ozon] = await Promise.all([scratchPostgresDatabase(ADMIN_URL!, 'two'), startFakeS3(), startCountingCdn(), startFakeOzon()]);
      cleanups.push(() => database.drop(), () => s3.close(), () => cdn.close(), () => ozon.close());
      ozon.addKey('123456', GOOD_KEY);
      const instance = async (name: string): Promise<ServiceProcess> => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `lws-two-${name}-`));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const started = await startServiceProcess({
          ...SHARED, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: database.url, OZON_API_URL: ozon.url, OUTBOUND_ALLOW_PRIVATE: 'true',
          PUBLIC_BASE_URL: 'https://lws.example.com', DOWNLOAD_CONCURRENCY: '4', DOWNLOAD_LEASE: '6s', PUBLISH_POLL_LEASE: '6s', PUBLISH_POLL_IDLE: '1s',
        });
        cleanups.push(() => void started.child.kill('SIGKILL'));
        return started;
      };
      // Migrated here first, so the two can start side by side.
      const db = await openDatabase(database.url);
      cleanups.push(() => db.close());
      await db.migrate();
      const [a, b] = await Promise.all([instance('a'), instance('b')]);
      const login = await (await fetch(`${a.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: SHARED.APP_TOKEN }) })).json();
      // One JWT secret: a token from A is good on B.
      const [onA, onB] = [apiOf(a.url, login.access_token), apiOf(b.url, login.access_token)];

      // Publishing: bulk sends of two products each, half through each instance; each task is polled by one.
      const shop = (await onA('POST', '/api/shops', { name: 'Shop', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' })).json;
      expect((await onB('POST', `/api/shops/${shop.id}/test`)).json).toMatchObject({ ok: true });
      const products = makeKyselyProductRepository(db.db);
      const ready = Array.from({ length: PUBLISH_GROUPS * 2 }, (_, n) => publishableProduct({ id: crypto.randomUUID(), offer_id: `TWO-${n}` }, new Date().toISOString()));
      for (const product of ready) await products.insert(product);
      const sends = await Promise.all(
        Array.from({ length: PUBLISH_GROUPS }, (_, group) => (group % 2 ? onB : onA)('POST', '/api/publish', { shop_id: shop.id, product_ids: [ready[2 * group]!.id, ready[2 * group + 1]!.id] })),
      );
      expect(sends.map((send) => send.status)).toEqual(Array(PUBLISH_GROUPS).fill(202));

      // Collecting: 400 images through both instances; both download from the one backlog. The CDN starts holding
      // after a third of them, whatever the speed of the machine (a test-side "hold now" came too late on a fast run).
      cdn.holdAfter(130);
      const collected = await Promise.all(Array.from({ length: PRODUCTS }, (_, n) => (n % 2 ? onB : onA)('POST', '/api/materials', materials(cdn.url, n))));
      expect(collected.map((reply) => reply.json.assetsQueued)).toEqual(Array(PRODUCTS).fill(IMAGES_EACH));
      const stored = async (): Promise<number> => Number((await db.db.selectFrom('assets').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'stored').executeTakeFirstOrThrow()).n);

      // Every publish task final before the kill, so no poll was cut short by it.
      await until('publish tasks final', async () => (await db.db.selectFrom('publish_tasks').select('id').where('status', '=', 'pending').execute()).length === 0);
      // Mid-way (after a third of the images): the CDN holds requests until both instances have all their
      // download slots waiting on it.
      await until('both instances downloading (8 held)', () => cdn.held() === 8, 60_000, () => `(${cdn.held()} held)`);
      a.child.kill('SIGKILL');
      await a.exited();
      await until('the killed instance\'s requests hung up', () => cdn.heldGone() === 4);
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
