import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct, type Stage } from '../../src/domain/product.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage } from './catalog-helpers.ts';

type Result = { product_id: string; ok: boolean; code?: string; detail?: string; job_id?: string };
type JobBody = { status: string; total: number; done: number; failed: number; items: { product_id: string; status: string; error: string | null; suite_id?: string }[] };

for (const database of testDatabases()) {
  describe(`POST /api/products/bulk and GET /api/jobs/{id} (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, env: { FX_CBR_URL: 'http://127.0.0.1:9/none', FX_ERAPI_URL: 'http://127.0.0.1:9/none', FX_CURRENCYAPI_URL: 'http://127.0.0.1:9/none' } });
    });
    afterAll(() => t?.close());

    const seed = async (stage: Stage, fields: Record<string, unknown> = {}): Promise<string> => {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await t.container.cradle.products.insert(newProduct({ id, stage, source_platform: '1688', name: `商品 ${id.slice(0, 4)}`, ...fields }, now));
      return id;
    };
    const bulk = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/products/bulk', headers: t.auth, payload });
    const results = async (payload: Record<string, unknown>): Promise<Result[]> => {
      const response = await bulk(payload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results;
    };
    const stageOf = async (id: string) => (await t.container.cradle.products.findById(id))?.stage;
    const job = async (id: string): Promise<JobBody> => (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: t.auth })).json();
    const settled = async (id: string): Promise<JobBody> => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const body = await job(id);
        if (body.status === 'done') return body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${id} did not finish`);
    };

    it('moves each product on its own: refusals stop none of the others', async () => {
      const editing = await seed('editing');
      const collected = await seed('collected');
      const missing = crypto.randomUUID();
      const moved = await results({ product_ids: [collected, editing, missing], action: 'stage', params: { stage: 'editing' } });
      expect(moved.map((r) => [r.product_id, r.ok, r.code])).toEqual([
        [collected, true, undefined],
        [editing, false, 'ILLEGAL_STAGE_MOVE'],
        [missing, false, 'PRODUCT_NOT_FOUND'],
      ]);
      expect(moved[1]!.detail).toMatch(/[\u4e00-\u9fff]/);
      expect(await stageOf(collected)).toBe('editing');
      const ready = await results({ product_ids: [editing], action: 'stage', params: { stage: 'ready' } });
      expect(ready[0]).toMatchObject({ ok: false, code: 'READY_CHECKS_FAILED' });
    });

    it('archives, restores and deletes', async () => {
      const [a, b] = [await seed('editing'), await seed('ready')];
      expect((await results({ product_ids: [a, b], action: 'archive' })).every((r) => r.ok)).toBe(true);
      expect([await stageOf(a), await stageOf(b)]).toEqual(['archived', 'archived']);
      const c = await seed('editing');
      const restored = await results({ product_ids: [a, c], action: 'restore', params: {} });
      expect(restored.map((r) => [r.ok, r.code])).toEqual([[true, undefined], [false, 'NOT_ARCHIVED']]);
      expect(await stageOf(a)).toBe('editing');
      expect((await results({ product_ids: [b], action: 'delete' }))[0]!.ok).toBe(true);
      expect(await stageOf(b)).toBeUndefined();
    });

    it('reprices 500 products in one request', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 500; i += 1) ids.push(await seed('editing', { pricing: { cost_cny: 20 + i, weight_g: 300, fx_rate: 11.5 } }));
      const archived = await seed('archived', { pricing: { cost_cny: 20, weight_g: 300, fx_rate: 11.5 } });
      const priced = await results({ product_ids: [...ids, archived].slice(1), action: 'pricing', params: { markup_percent: 50, tier: 'low' } });
      expect(priced.filter((r) => r.ok)).toHaveLength(499);
      expect(priced.at(-1)).toMatchObject({ product_id: archived, ok: false, code: 'PRODUCT_ARCHIVED' });
      const sample = (await t.container.cradle.products.findById(ids[7]!))!;
      expect(sample.pricing).toMatchObject({ markup_percent: 50, tier: 'low', cost_cny: 27 });
      expect(sample.price).toBeGreaterThan(0);
      expect((await t.container.cradle.products.findById(ids[0]!))!.price).toBeNull();
    });

    it('refuses bad params with Chinese messages at /params/…', async () => {
      const id = await seed('editing');
      const stage = await bulk({ product_ids: [id], action: 'stage', params: { stage: 'foo' } });
      expect(stage.statusCode).toBe(422);
      expect(stage.json().errors).toEqual([{ path: '/params/stage', message: expect.stringMatching(/^阶段只能是 collected（已采集）、editing/) }]);
      const markup = await bulk({ product_ids: [id], action: 'pricing', params: { markup_percent: 5000 } });
      expect(markup.json().errors).toEqual([{ path: '/params/markup_percent', message: '加价率不能大于 1000' }]);
      const unknown = await bulk({ product_ids: [id], action: 'archive', params: { hard: true } });
      expect(unknown.json().errors).toEqual([{ path: '/params/hard', message: '不支持的字段：hard' }]);
      const many = await bulk({ product_ids: Array.from({ length: 501 }, () => crypto.randomUUID()), action: 'archive' });
      expect(many.json().errors).toEqual([{ path: '/product_ids', message: '商品列表最多 500 项' }]);
      expect((await bulk({ product_ids: [id], action: 'explode' })).json().errors[0].message).toMatch(/^操作只能是 stage/);
    });

    it('queues suites as a durable job whose items name their suites', async () => {
      const [a, b] = [await seed('editing'), await seed('editing')];
      await addStoredImage(t, a);
      await addStoredImage(t, b);
      const archived = await seed('archived');
      const plan = [{ kind: 'white_bg', title: '白底图', count: 1 }];
      const queued = await results({ product_ids: [a, archived, b], action: 'suite', params: { model: 'template', plan } });
      expect(queued.map((r) => r.ok)).toEqual([true, false, true]);
      expect(queued[0]!.job_id).toBeDefined();
      expect(queued[2]!.job_id).toBe(queued[0]!.job_id);
      const body = await settled(queued[0]!.job_id!);
      expect(body).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
      expect(body.items.map((item) => [item.product_id, item.status, typeof item.suite_id])).toEqual([
        [a, 'done', 'string'],
        [b, 'done', 'string'],
      ]);
    });

    it('keeps per-item failures of a copy job (no text model configured)', async () => {
      const a = await seed('editing');
      const queued = await results({ product_ids: [a], action: 'copy', params: {} });
      const body = await settled(queued[0]!.job_id!);
      expect(body).toMatchObject({ status: 'done', total: 1, done: 0, failed: 1 });
      expect(body.items[0]).toMatchObject({ product_id: a, status: 'failed' });
      expect(body.items[0]!.error).toMatch(/[\u4e00-\u9fff]/);
      expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${crypto.randomUUID()}`, headers: t.auth })).statusCode).toBe(404);
    });

    it('takes over a job whose owner died once its lease lapsed, and finishes the items left', async () => {
      const { jobs } = t.container.cradle;
      const a = await seed('editing');
      await addStoredImage(t, a);
      const id = crypto.randomUUID();
      const plan = [{ kind: 'white_bg', title: '白底图', count: 1 }];
      await t.container.cradle.jobWorker.stop();
      await jobs.create({ id, kind: 'suite', params: { model: 'template', plan }, subjects: [{ product_id: a }] }, new Date().toISOString());
      // A dead process claimed it with a lease that has lapsed already.
      expect(await jobs.claim('dead-process', new Date().toISOString(), new Date(Date.now() - 1000).toISOString())).toMatchObject({ id });
      expect((await job(id)).status).toBe('running');
      t.container.cradle.jobWorker.start();
      expect(await settled(id)).toMatchObject({ status: 'done', done: 1 });
      // A live lease is not taken.
      const other = crypto.randomUUID();
      await jobs.create({ id: other, kind: 'suite', params: {}, subjects: [] }, new Date().toISOString());
      const far = new Date(Date.now() + 60_000).toISOString();
      await t.container.cradle.jobWorker.stop();
      expect(await jobs.claim('live-process', new Date().toISOString(), far)).toMatchObject({ id: other });
      expect(await jobs.claim('another', new Date().toISOString(), far)).toBeUndefined();
    });
  });
}
