import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage } from './catalog-helpers.ts';
import { bulkHelpers, NO_FX_ENV } from './bulk-helpers.ts';

for (const database of testDatabases()) {
  describe(`POST /api/products/bulk and GET /api/jobs/{id}: durable jobs (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, env: NO_FX_ENV });
    });
    afterAll(() => t?.close());
    const { seed, results, job, settled } = bulkHelpers(() => t);

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
