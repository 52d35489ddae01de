import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Asset } from '../../src/domain/media/asset.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, bindActiveShop, getTask, insertPublishable, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

for (const database of testDatabases()) {
  describe(`publishing to the marketplace on ${database.name}`, () => {
    let ozon: FakeOzon;
    let t: TestApp;
    let shopId: string;
    const env = () => ({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE });

    beforeAll(async () => {
      ozon = await startFakeOzon();
      ozon.addKey('123456', GOOD_KEY);
      t = await startTestApp({ env: env(), database });
      shopId = await bindActiveShop(t);
    });
    afterAll(async () => {
      await t.close();
      await ozon.close();
    });

    const publish = (productId: string, shop = shopId) =>
      t.app.inject({ method: 'POST', url: `/api/products/${productId}/publish`, headers: t.auth, payload: { shop_id: shop } });

    it('publishes a ready product: pending, then imported, product published with its marketplace id', async () => {
      ozon.plan = { pendingPolls: 1, outcome: 'imported' };
      const product = await insertPublishable(t);
      const response = await publish(product.id);
      expect(response.statusCode).toBe(202);
      const created = response.json<{ task_id: string; status: string }>();
      expect(created).toMatchObject({ product_id: product.id, shop_id: shopId, status: 'pending', marketplace_product_id: null, errors: [] });
      expect(ozon.tasks.has(Number(created.task_id))).toBe(true);

      const sent = ozon.tasks.get(Number(created.task_id))!.items[0]!;
      expect(sent).toMatchObject({ offer_id: product.offer_id, currency_code: 'RUB', price: '593', primary_image: `${PUBLIC_BASE}/media/p/main.jpg` });
      expect(sent.attributes).toContainEqual({ complex_id: 0, id: 4191, values: [{ value: product.description }] });

      const final = await waitForFinalTask(t, created.task_id);
      const expectedId = String(ozon.tasks.get(Number(created.task_id))!.productIds[0]);
      expect(final).toMatchObject({ status: 'imported', marketplace_product_id: expectedId, errors: [] });
      const stored = await t.container.cradle.products.findById(product.id);
      expect(stored).toMatchObject({ stage: 'published', marketplace_product_id: expectedId });
      expect(stored?.published_at).toEqual(expect.any(String));

      const history = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/publish-history`, headers: t.auth });
      expect(history.json()).toMatchObject({ total: 1, items: [{ task_id: created.task_id, status: 'imported' }] });
    });

    it('a failed import keeps the product ready, with the marketplace errors visible', async () => {
      ozon.plan = { pendingPolls: 0, outcome: 'failed' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      const final = await waitForFinalTask(t, task_id);
      expect(final).toMatchObject({ status: 'failed', marketplace_product_id: null });
      expect(final.errors).toEqual([expect.objectContaining({ level: 'error', attribute_id: 85, description: 'Значение не из справочника' })]);
      expect((await t.container.cradle.products.findById(product.id))?.stage).toBe('ready');
    });

    it('an "imported" result carrying a level-error error counts as failed', async () => {
      ozon.plan = { pendingPolls: 0, outcome: 'imported_with_error' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      const final = await waitForFinalTask(t, task_id);
      expect(final).toMatchObject({ status: 'failed' });
      expect(final.errors).toEqual([expect.objectContaining({ level: 'error', attribute_id: 9048 })]);
      expect(await t.container.cradle.products.findById(product.id)).toMatchObject({ stage: 'ready', marketplace_product_id: null });
    });

    it('derives the images from stored assets and makes our /media/ URLs absolute', async () => {
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      const product = await insertPublishable(t, { primary_image: null, images: null });
      const asset = (index: number, storedUrl: string): Asset => ({
        asset_id: crypto.randomUUID(),
        product_id: product.id,
        group_key: 'main',
        group_name: '主图',
        variant_name: null,
        type: 'img',
        index,
        dedupe_key: `k${index}`,
        source_url: `https://cbu01.alicdn.com/${index}.jpg`,
        referer: '',
        stored_url: storedUrl,
        status: 'stored',
        error: null,
        attempts: 1,
        content_type: 'image/jpeg',
        bytes: 10,
        width: 1200,
        height: 1600,
        sha256: null,
        created_at: product.created_at,
        updated_at: product.created_at,
      });
      await t.container.cradle.assets.insertMany([asset(0, '/media/products/a/0.jpg'), asset(1, `${PUBLIC_BASE}/media/products/a/1.jpg`)]);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      expect(ozon.tasks.get(Number(task_id))!.items[0]).toMatchObject({
        primary_image: `${PUBLIC_BASE}/media/products/a/0.jpg`,
        images: [`${PUBLIC_BASE}/media/products/a/1.jpg`],
      });
      await waitForFinalTask(t, task_id);
    });

    it('videos: a 3-second one and a sixth one are refused at pre-flight; good ones go out as complex attribute 100001, never as pictures', async () => {
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      const product = await insertPublishable(t);
      const video = (index: number, durationMs: number): Asset => ({
        asset_id: crypto.randomUUID(),
        product_id: product.id,
        group_key: 'main',
        group_name: '主图视频',
        variant_name: null,
        type: 'video',
        index,
        dedupe_key: `v${index}`,
        source_url: `https://cloud.video.taobao.com/${index}.mp4`,
        referer: '',
        stored_url: `/media/products/${product.id}/v${index}.mp4`,
        status: 'stored',
        error: null,
        attempts: 1,
        content_type: 'video/mp4',
        bytes: 1000,
        width: null,
        height: null,
        sha256: null,
        duration_ms: durationMs,
        created_at: product.created_at,
        updated_at: product.created_at,
      });
      const check = async () =>
        (await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish/check`, headers: t.auth, payload: { shop_id: shopId } })).json<{
          ok: boolean;
          errors: { path: string; message: string }[];
        }>();
      await t.container.cradle.assets.insertMany([video(0, 12_000), video(1, 3_000)]);
      expect(await check()).toEqual({ ok: false, errors: [{ path: 'videos/1', message: '视频时长 3 秒，平台要求 8 秒到 5 分钟' }], warnings: [] });
      const before = ozon.tasks.size;
      expect((await publish(product.id)).statusCode).toBe(422);
      expect(ozon.tasks.size).toBe(before);

      const stored = async () => t.container.cradle.assets.listByProduct(product.id);
      await t.container.cradle.assets.update({ ...(await stored()).find((asset) => asset.index === 1)!, duration_ms: 300_000 }); // 5 min: still allowed
      await t.container.cradle.assets.insertMany([2, 3, 4, 5].map((index) => video(index, 9_000)));
      expect((await check()).errors).toEqual([{ path: 'videos', message: '平台最多接受 5 个视频，现有 6 个，请删除多余的视频' }]);

      // Videos still downloading are neither counted nor sent.
      for (const asset of (await stored()).filter((a) => a.index >= 2)) await t.container.cradle.assets.update({ ...asset, status: 'pending' });
      expect(await check()).toEqual({ ok: true, errors: [], warnings: [] });
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      const sent = ozon.tasks.get(Number(task_id))!.items[0]!;
      expect(sent.complex_attributes).toEqual(
        [0, 1].map((index) => ({
          attributes: [
            { complex_id: 100001, id: 21841, values: [{ value: `${PUBLIC_BASE}/media/products/${product.id}/v${index}.mp4` }] },
            { complex_id: 100001, id: 21837, values: [{ value: product.name }] },
          ],
        })),
      );
      expect(JSON.stringify([sent.primary_image, sent.images])).not.toContain('.mp4');
      await waitForFinalTask(t, task_id);
    });

    it('refuses with 422 listing every missing item, and sends nothing', async () => {
      const product = await insertPublishable(t, { description: '', type_id: null, weight: null, images: [], primary_image: null });
      const before = ozon.tasks.size;
      const response = await publish(product.id);
      expect(response.statusCode).toBe(422);
      const body = response.json<{ code: string; errors: { path: string }[] }>();
      expect(body.code).toBe('PUBLISH_CHECKS_FAILED');
      expect(body.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['description', 'type_id', 'weight', 'images']));
      expect(ozon.tasks.size).toBe(before);
    });

    it('refuses products that are not ready (409), unknown products and shops (404), bad bodies (422)', async () => {
      const editing = await insertPublishable(t, { stage: 'editing' });
      expect((await publish(editing.id)).json()).toMatchObject({ code: 'PRODUCT_NOT_READY' });
      expect((await publish(editing.id)).statusCode).toBe(409);
      expect((await publish('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const ready = await insertPublishable(t);
      expect((await publish(ready.id, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'SHOP_NOT_FOUND' });
      const bad = await t.app.inject({ method: 'POST', url: `/api/products/${ready.id}/publish`, headers: t.auth, payload: { shop_id: 'nope' } });
      expect(bad.statusCode).toBe(422);
      expect((await t.app.inject({ method: 'GET', url: '/api/publish/999', headers: t.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/publish/abc', headers: t.auth })).statusCode).toBe(422);
    });

    it('while a publish is pending: no second publish of the product, no deleting its shop', async () => {
      ozon.plan = { pendingPolls: 1, outcome: 'imported' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      expect((await publish(product.id)).json()).toMatchObject({ code: 'PUBLISH_IN_PROGRESS' });
      const deleting = await t.app.inject({ method: 'DELETE', url: `/api/shops/${shopId}`, headers: t.auth });
      expect(deleting.statusCode).toBe(409);
      expect(deleting.json()).toMatchObject({ code: 'SHOP_PUBLISH_PENDING' });
      expect((await waitForFinalTask(t, task_id)).status).toBe('imported');
    });

    it('a product edited while its import ran keeps its stage but learns its marketplace id', async () => {
      ozon.plan = { pendingPolls: 1, outcome: 'imported' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      const { products } = t.container.cradle;
      const current = (await products.findById(product.id))!;
      expect(await products.update({ ...current, stage: 'editing', version: current.version + 1 }, current.version)).toBe(true);
      expect(await waitForFinalTask(t, task_id)).toMatchObject({ status: 'imported' });
      expect(await products.findById(product.id)).toMatchObject({
        stage: 'editing',
        marketplace_product_id: String(ozon.tasks.get(Number(task_id))!.productIds[0]),
      });
    });

    it('keeps polling through a marketplace outage; a publish during the outage answers 502 and records nothing', async () => {
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id)).json<{ task_id: string }>();
      ozon.down = true;
      try {
        const isPoll = (r: { url: string }) => r.url === '/v1/product/import/info';
        const pollsBefore = ozon.requests.filter(isPoll).length;
        for (let i = 0; i < 100 && ozon.requests.filter(isPoll).length === pollsBefore; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await getTask(t, task_id)).status).toBe('pending'); // a failed poll is not a failed import

        const other = await insertPublishable(t);
        const refused = await publish(other.id);
        expect(refused.statusCode).toBe(502);
        const history = await t.app.inject({ method: 'GET', url: `/api/products/${other.id}/publish-history`, headers: t.auth });
        expect(history.json()).toEqual({ total: 0, items: [] });
      } finally {
        ozon.down = false;
      }
      expect(await waitForFinalTask(t, task_id)).toMatchObject({ status: 'imported' });
    });

    it('prices a CNY shop in yuan from the product fx snapshot', async () => {
      ozon.addKey('222', GOOD_KEY);
      const cnyShop = await bindActiveShop(t, '222', GOOD_KEY, 'CNY');
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      const product = await insertPublishable(t);
      const { task_id } = (await publish(product.id, cnyShop)).json<{ task_id: string }>();
      expect(ozon.tasks.get(Number(task_id))!.items[0]).toMatchObject({ currency_code: 'CNY', price: '51.57', old_price: '103.13' });
      await waitForFinalTask(t, task_id);
    });
  });
}

describe('publish polling across a restart', () => {
  it('resumes a pending task after the service restarts on the same data', async () => {
    const ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-restart-'));
    const env = { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE };
    try {
      const first = await startTestApp({ env, dataDir });
      const shopId = await bindActiveShop(first);
      const product = await insertPublishable(first);
      ozon.plan = { pendingPolls: 1_000, outcome: 'imported' };
      const { task_id } = (
        await first.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: first.auth, payload: { shop_id: shopId } })
      ).json<{ task_id: string }>();
      const task = ozon.tasks.get(Number(task_id))!;
      for (let i = 0; i < 100 && task.polls === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(task.polls).toBeGreaterThan(0); // the first run was mid-poll
      await first.close();

      task.plan.pendingPolls = task.polls; // the marketplace finishes while we are down
      const second = await startTestApp({ env, dataDir });
      try {
        expect(await waitForFinalTask(second, task_id)).toMatchObject({ status: 'imported', marketplace_product_id: String(task.productIds[0]) });
        expect((await getTask(second, task_id)).shop_id).toBe(shopId);
        expect(await second.container.cradle.products.findById(product.id)).toMatchObject({
          stage: 'published',
          marketplace_product_id: String(task.productIds[0]),
        });
      } finally {
        await second.close();
      }
    } finally {
      await ozon.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('PUBLISH_POLL_FIRST sets when the marketplace is first asked after a send', async () => {
    const ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    // Not started: no poll moves the stored schedule on before it is read.
    const t = await startTestApp({ env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE, PUBLISH_POLL_FIRST: '250ms' }, start: false });
    try {
      const shopId = await bindActiveShop(t);
      const product = await insertPublishable(t);
      const response = await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: t.auth, payload: { shop_id: shopId } });
      const [record] = await t.container.cradle.publishTasks.listByTask(response.json<{ task_id: string }>().task_id);
      expect(record).toMatchObject({ status: 'pending', attempts: 0 });
      expect(Date.parse(record!.next_poll_at!) - Date.parse(record!.updated_at)).toBe(250);
    } finally {
      await t.close();
      await ozon.close();
    }
  });
});
