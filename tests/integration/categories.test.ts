import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, bindActiveShop } from '../helpers/marketplace-app.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const treeCalls = (ozon: FakeOzon): number => ozon.requests.filter((r) => r.url === '/v1/description-category/tree').length;

describe('category lookups', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.addKey('654321', GOOD_KEY);
    t = await startTestApp({ env: { OZON_API_URL: ozon.url } });
  });
  afterAll(async () => {
    await t.close();
    await ozon.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.auth });

  it('needs a shop: 422 while no shop is active', async () => {
    const response = await get('/api/categories/tree');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SHOP_REQUIRED' });
  });

  it('browses the tree with the single active shop, then serves it from the cache', async () => {
    shopId = await bindActiveShop(t);
    const response = await get('/api/categories/tree?lang=zh_hans');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      language: string;
      stale: boolean;
      categories: { category_name: string; children: { children: { type_id: number; type_name: string; disabled: boolean }[] }[] }[];
    }>();
    expect(body).toMatchObject({ language: 'ZH_HANS', stale: false });
    expect(body.categories[0]!.category_name).toBe('家居用品');
    expect(body.categories[0]!.children[0]!.children).toEqual([
      { type_id: 970895715, type_name: '收纳盒', disabled: false, children: [] },
      { type_id: 92499, type_name: '衣架', disabled: true, children: [] },
    ]);
    const calls = treeCalls(ozon);
    expect((await get(`/api/categories/tree?lang=ZH_HANS&shop_id=${shopId}`)).json()).toEqual(body);
    expect(treeCalls(ozon)).toBe(calls);
    expect((await get('/api/categories/tree')).json<{ language: string; categories: { category_name: string }[] }>().categories[0]!.category_name).toBe(
      'Дом и сад',
    );
  });

  it('serves an old tree marked stale when the marketplace is down, and refreshes an old one when it is up', async () => {
    await t.container.cradle.db.updateTable('category_cache').set({ fetched_at: '2020-01-01T00:00:00.000Z' }).where('key', '=', 'tree:ZH_HANS').execute();
    ozon.down = true;
    try {
      const stale = await get('/api/categories/tree?lang=ZH_HANS');
      expect(stale.json()).toMatchObject({ stale: true, fetched_at: '2020-01-01T00:00:00.000Z' });
    } finally {
      ozon.down = false;
    }
    const calls = treeCalls(ozon);
    const fresh = await get('/api/categories/tree?lang=ZH_HANS');
    expect(fresh.json()).toMatchObject({ stale: false });
    expect(treeCalls(ozon)).toBe(calls + 1);
  });

  it('lists the attributes of a category and type, cached', async () => {
    const url = '/api/categories/17028922/attributes?type_id=970895715';
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ attributes: { id: number; name: string; is_required: boolean }[] }>();
    expect(body).toMatchObject({ description_category_id: 17028922, type_id: 970895715 });
    expect(body.attributes.map((a) => a.id)).toEqual([85, 9048, 8229, 4191, 10096, 10097, 4180, 11254]);
    const calls = ozon.requests.length;
    await get(url);
    expect(ozon.requests.length).toBe(calls);
  });

  it('pages attribute values and searches them with q', async () => {
    const base = '/api/categories/attribute/85/values?category_id=17028922&type_id=970895715';
    const first = (await get(`${base}&limit=20`)).json<{ values: { id: number }[]; has_next: boolean; last_value_id: number }>();
    expect(first.values).toHaveLength(20);
    expect(first.has_next).toBe(true);
    const second = (await get(`${base}&limit=20&last_value_id=${first.last_value_id}`)).json<{ values: { id: number }[]; has_next: boolean }>();
    expect(second).toMatchObject({ has_next: false });
    expect(second.values).toHaveLength(11);
    const found = await get(`${base}&q=${encodeURIComponent('бренд')}`);
    expect(found.json()).toEqual({ values: [{ id: 126745801, value: 'Нет бренда', info: '', picture: '' }], has_next: false, last_value_id: null });
    expect(JSON.parse(ozon.requests.at(-1)!.body.toString())).toMatchObject({ attribute_id: 85, value: 'бренд' });
    expect((await get(`${base}&q=x`)).json()).toMatchObject({ code: 'QUERY_TOO_SHORT' });
    expect((await get(`${base}&limit=5000`)).statusCode).toBe(422);
    expect((await get('/api/categories/attribute/85/values?type_id=970895715')).statusCode).toBe(422);
  });

  it('maps a marketplace error to 502 with its message in the detail', async () => {
    const response = await get('/api/categories/1/attributes?type_id=2');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'MARKETPLACE_ERROR' });
    expect(response.json<{ detail: string }>().detail).toContain('description category or type not found');
  });

  it('asks for shop_id once two shops are active', async () => {
    await bindActiveShop(t, '654321');
    expect((await get('/api/categories/tree')).json()).toMatchObject({ code: 'SHOP_REQUIRED' });
    expect((await get(`/api/categories/tree?shop_id=${shopId}`)).statusCode).toBe(200);
    expect((await get('/api/categories/tree?shop_id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
