import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage, completeProduct } from './catalog-helpers.ts';

for (const database of testDatabases()) {
  describe(`product detail offers only legal stage moves (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database });
    });
    afterAll(() => t?.close());

    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: t.auth })).json();
    const move = (id: string, stage: string) => t.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: t.auth, payload: { stage } });

    it('a collected product offers editing, not ready, and lists what blocks ready', async () => {
      const id = crypto.randomUUID();
      await t.container.cradle.products.insert(newProduct({ id, stage: 'collected', source_platform: '1688', name: '收纳盒' }, new Date().toISOString()));
      const detail = await get(id);
      expect(detail.allowed_moves).toEqual(['editing']);
      expect(detail.ready_problems.map((problem: { path: string }) => problem.path)).toContain('/description');
      for (const problem of detail.ready_problems) expect(problem.message).toMatch(/[\u4e00-\u9fff]/);
    });

    it('offers ready exactly when the stage endpoint would accept it', async () => {
      const created = (
        await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { ...completeProduct, offer_id: 'MOVE-1' } })
      ).json();
      expect(created.allowed_moves).toEqual([]);
      expect(created.ready_problems.length).toBeGreaterThan(0);
      expect((await move(created.id, 'ready')).statusCode).toBe(422);
      await addStoredImage(t, created.id);
      const complete = await get(created.id);
      expect([complete.allowed_moves, complete.ready_problems]).toEqual([['ready'], []]);
      const ready = (await move(created.id, 'ready')).json();
      expect([ready.stage, ready.allowed_moves, ready.ready_problems]).toEqual(['ready', ['editing'], []]);
      await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: t.auth });
      expect((await get(created.id)).allowed_moves).toEqual(['editing']);
    });
  });
}
