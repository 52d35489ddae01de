import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

for (const database of testDatabases()) {
  describe(`manual products, one weight and pre-filled pricing (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database });
    });
    afterAll(() => t?.close());

    const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload });
    const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: t.auth, payload });
    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: t.auth })).json();

    it('creates manual products without a source platform, and lists them as manual', async () => {
      const response = await create({ name: '手工商品' });
      expect(response.statusCode).toBe(201);
      expect(response.json().source_platform).toBeNull();
      expect((await get(response.json().id)).source_platform).toBeNull();
      const manual = (await t.app.inject({ method: 'GET', url: '/api/products?platform=manual', headers: t.auth })).json();
      expect(manual.items.map((item: { id: string; source_platform: null }) => [item.id, item.source_platform])).toEqual([[response.json().id, null]]);
    });

    it('refuses an empty or blank name on create and on PATCH, with a Chinese message at /name', async () => {
      for (const payload of [{}, { name: '' }, { name: '   ' }, { name: '\t\n' }]) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().errors).toEqual([{ path: '/name', message: '商品名称不能为空' }]);
      }
      const id = (await create({ name: '杯子' })).json().id;
      const blank = await patch(id, { name: '  ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toEqual([{ path: '/name', message: '商品名称不能为空' }]);
      expect((await get(id)).name).toBe('杯子');
    });

    it('keeps weight and pricing.weight_g one value whichever is changed', async () => {
      const id = (await create({ name: '台灯', weight: 320, pricing: { cost_cny: 20, fx_rate: 11.5 } })).json().id;
      expect(await get(id)).toMatchObject({ weight: 320, pricing: { weight_g: 320 } });
      expect((await patch(id, { pricing: { weight_g: 330 } })).json()).toMatchObject({ weight: 330, pricing: { weight_g: 330 } });
      expect((await patch(id, { weight: 0.5, weight_unit: 'kg' })).json()).toMatchObject({ weight: 0.5, weight_unit: 'kg', pricing: { weight_g: 500 } });
      expect((await get(id)).price).toBe((await create({ name: '同重', weight: 500, pricing: { cost_cny: 20, fx_rate: 11.5 } })).json().price);
    });

    it('pre-fills cost and weight from collected texts; the seller then wins', async () => {
      const collected = await t.app.inject({
        method: 'POST',
        url: '/api/materials',
        headers: t.auth,
        payload: {
          product: { id: null },
          source: { platform: 'taobao', itemId: '777', url: 'https://item.taobao.com/item.htm?id=777', collectedAt: 1_763_700_000_000 },
          texts: [
            { kind: 'title', content: '硅胶杯子' },
            { kind: 'price', content: '￥18.50-25.00' },
            { kind: 'params', content: '', pairs: [{ key: '重量', value: '0.32kg' }] },
          ],
          images: [],
        },
      });
      expect(collected.statusCode, collected.body).toBeLessThan(300);
      const id = collected.json().product.id;
      expect(await get(id)).toMatchObject({ weight: 320, pricing: { cost_cny: 18.5, weight_g: 320, prefilled: ['cost_cny', 'weight_g'] } });
      const edited = (await patch(id, { pricing: { cost_cny: 16 } })).json();
      expect(edited.pricing).toMatchObject({ cost_cny: 16, weight_g: 320, prefilled: ['weight_g'] });
    });
  });
}
