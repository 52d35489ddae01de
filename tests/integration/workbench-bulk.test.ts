import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { bulkHelpers, NO_FX_ENV } from './bulk-helpers.ts';

for (const database of testDatabases()) {
  describe(`POST /api/products/bulk: actions answered at once (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, env: NO_FX_ENV });
    });
    afterAll(() => t?.close());
    const { seed, bulk, results, stageOf } = bulkHelpers(() => t);

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
      expect(restored.map((r) => [r.ok, r.code])).toEqual([
        [true, undefined],
        [false, 'NOT_ARCHIVED'],
      ]);
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
  });
}
