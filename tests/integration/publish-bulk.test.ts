import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { unlimited } from '../fakes/ozon-products.ts';
import { GOOD_KEY, bindActiveShop, insertPublishable, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type Reply = {
  tasks: { task_id: string; product_ids: string[] }[];
  waiting: string[];
  refused: { product_id: string; errors: { path: string; message: string }[] }[];
};
type Record = { task_id: string | null; status: string; next_attempt_at: string | null };
const HAN = /\p{Script=Han}/u;
const until = async (check: () => Promise<boolean>, limitMs = 15_000): Promise<void> => {
  const deadline = Date.now() + limitMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('bulk publish (POST /api/publish)', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;

  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
    ({ ozon, t, shopId } = app);
  });
  afterAll(() => app.close());

  const bulk = (productIds: string[], shop = shopId) =>
    t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth, payload: { shop_id: shop, product_ids: productIds } });
  const history = async (productId: string): Promise<Record[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/publish-history`, headers: t.auth })).json<{ items: Record[] }>().items;
  const importSizes = () => [...ozon.tasks.values()].filter((task) => task.kind === 'import').map((task) => task.items.length);

  it('sends at most 100 items per import request, refuses each failing product with its reasons', async () => {
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    ozon.limits = unlimited();
    const before = ozon.tasks.size;
    const good = await Promise.all(Array.from({ length: 205 }, () => insertPublishable(t)));
    const editing = await insertPublishable(t, { stage: 'editing' });
    const noBrand = await insertPublishable(t, { attributes: { '9048': 'BOX-3' } });
    const unknown = '00000000-0000-4000-8000-000000000001';
    const response = await bulk([...good.map((p) => p.id), editing.id, noBrand.id, unknown]);
    expect(response.statusCode).toBe(202);
    const reply = response.json<Reply>();
    expect(reply.tasks.map((task) => task.product_ids.length)).toEqual([100, 100, 5]);
    expect(reply.tasks.flatMap((task) => task.product_ids).sort()).toEqual(good.map((p) => p.id).sort());
    expect(importSizes().slice(before)).toEqual([100, 100, 5]);
    expect(reply.waiting).toEqual([]);
    expect(reply.refused.map((r) => r.product_id)).toEqual([editing.id, noBrand.id, unknown]);
    expect(reply.refused.map((r) => r.errors[0]!.path)).toEqual(['stage', 'attributes/85', 'product_id']);
    expect(reply.refused.every((r) => r.errors.every((e) => HAN.test(e.message)))).toBe(true);

    const taskId = reply.tasks[2]!.task_id;
    await until(
      async () => (await t.app.inject({ method: 'GET', url: `/api/publish/${taskId}`, headers: t.auth })).json<{ status: string }>().status === 'imported',
    );
    const task = (await t.app.inject({ method: 'GET', url: `/api/publish/${taskId}`, headers: t.auth })).json<{
      status: string;
      items: { product_id: string; status: string; marketplace_product_id: string }[];
    }>();
    expect(task.status).toBe('imported');
    expect(task.items.map((item) => item.product_id).sort()).toEqual([...reply.tasks[2]!.product_ids].sort());
    expect(task.items.every((item) => item.status === 'imported' && item.marketplace_product_id)).toBe(true);
  });

  it('products beyond the daily create quota wait (waiting_quota) and go out by themselves after reset_at', async () => {
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    const resetAt = new Date(Date.now() + 1_500).toISOString();
    ozon.limits = { ...unlimited(), daily_create: { limit: 3, usage: 1, reset_at: resetAt } };
    const products = await Promise.all(Array.from({ length: 4 }, () => insertPublishable(t)));
    const reply = (await bulk(products.map((p) => p.id))).json<Reply>();
    expect(reply.tasks.flatMap((task) => task.product_ids)).toEqual(products.slice(0, 2).map((p) => p.id));
    expect(reply.waiting).toEqual(products.slice(2).map((p) => p.id));
    expect(await history(products[3]!.id)).toEqual([expect.objectContaining({ task_id: null, status: 'waiting_quota', next_attempt_at: resetAt })]);

    ozon.limits = unlimited(); // the day turned over on the marketplace
    await until(async () => (await history(products[3]!.id))[0]?.status === 'imported');
    expect((await history(products[3]!.id))[0]).toMatchObject({ status: 'imported', task_id: expect.any(String) });
    expect((await t.container.cradle.products.findById(products[2]!.id))?.stage).toBe('published');
  });

  it('a batch answered 429 with Item-Retry-After waits for that many minutes', async () => {
    ozon.limits = unlimited();
    ozon.itemLimitNext(1, 7);
    const products = await Promise.all(Array.from({ length: 2 }, () => insertPublishable(t)));
    const started = Date.now();
    const reply = (await bulk(products.map((p) => p.id))).json<Reply>();
    expect(reply).toMatchObject({ tasks: [], waiting: products.map((p) => p.id), refused: [] });
    const [record] = await history(products[0]!.id);
    expect(record).toMatchObject({ status: 'waiting_quota', task_id: null });
    const wait = Date.parse(record!.next_attempt_at!) - started;
    expect(wait).toBeGreaterThan(6 * 60_000);
    expect(wait).toBeLessThan(8 * 60_000);
  });

  it('refuses 501 products and an untested shop in Chinese; the marketplace down is 502 with nothing recorded', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await bulk(many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ errors: { path: string; message: string }[] }>().errors[0]!.message).toMatch(HAN);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: t.auth,
      payload: { name: 'Untested', client_id: '888', api_key: GOOD_KEY },
    });
    const product = await insertPublishable(t);
    const untested = await bulk([product.id], created.json<{ id: string }>().id);
    expect(untested.statusCode).toBe(409);
    expect(untested.json()).toMatchObject({ code: 'SHOP_NOT_ACTIVE', detail: expect.stringMatching(HAN) });

    ozon.down = true;
    try {
      expect((await bulk([product.id])).statusCode).toBe(502);
    } finally {
      ozon.down = false;
    }
    expect(await history(product.id)).toEqual([]);
    expect((await t.container.cradle.products.findById(product.id))?.stage).toBe('ready');
  });
});

describe('waiting products after a restart', () => {
  it('a record left waiting (crash mid-request, or its time passed while down) is sent by the next run', async () => {
    const ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-waiting-'));
    const env = { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE };
    try {
      const first = await startTestApp({ env, dataDir });
      const shopId = await bindActiveShop(first);
      const product = await insertPublishable(first);
      ozon.itemLimitNext(1, 60);
      const reply = (
        await first.app.inject({ method: 'POST', url: '/api/publish', headers: first.auth, payload: { shop_id: shopId, product_ids: [product.id] } })
      ).json<Reply>();
      expect(reply.waiting).toEqual([product.id]);
      const { publishTasks } = first.container.cradle;
      const [record] = (await publishTasks.listByProduct(product.id, { page: 1, pageSize: 1 })).items;
      await first.close();

      // While we were down the retry time passed.
      const reopened = await startTestApp({ env, dataDir, start: false });
      await reopened.container.cradle.publishTasks.update({ ...record!, next_poll_at: new Date(Date.now() - 1_000).toISOString() });
      await reopened.close();

      const second = await startTestApp({ env, dataDir });
      try {
        await until(async () => (await second.container.cradle.products.findById(product.id))?.stage === 'published');
        expect(await second.container.cradle.products.findById(product.id)).toMatchObject({ stage: 'published' });
        const [after] = (await second.container.cradle.publishTasks.listByProduct(product.id, { page: 1, pageSize: 1 })).items;
        expect(after).toMatchObject({ status: 'imported', task_id: expect.any(String) });
      } finally {
        await second.close();
      }
    } finally {
      await ozon.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
