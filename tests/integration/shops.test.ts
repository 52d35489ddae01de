import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const GOOD_KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const OTHER_KEY = '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d';

for (const database of testDatabases()) {
  describe(`shops on ${database.name}`, () => {
    let ozon: FakeOzon;
    let t: TestApp;

    beforeAll(async () => {
      ozon = await startFakeOzon();
      ozon.addKey('123456', GOOD_KEY);
      t = await startTestApp({ env: { OZON_API_URL: ozon.url }, database });
    });
    afterAll(async () => {
      await t.close();
      await ozon.close();
    });

    const bind = async (apiKey = GOOD_KEY, clientId = '123456') => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/shops',
        headers: t.auth,
        payload: { name: '主店', client_id: clientId, api_key: apiKey, currency_code: 'CNY' },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string; status: string; api_key_masked: string }>();
    };
    const shopOf = async (id: string) => {
      const list = await t.app.inject({ method: 'GET', url: '/api/shops?page_size=200', headers: t.auth });
      return list
        .json<{ items: { id: string; status: string; api_key_masked: string; roles: string[]; key_expires_at: string | null }[] }>()
        .items.find((s) => s.id === id);
    };

    it('binds a shop as unverified, showing only the masked key', async () => {
      const shop = await bind();
      expect(shop).toMatchObject({ name: '主店', client_id: '123456', currency_code: 'CNY', status: 'unverified', api_key_masked: '****5c6d' });
      expect(JSON.stringify(shop)).not.toContain(GOOD_KEY);
      expect(shop).not.toHaveProperty('api_key');
      const row = await t.container.cradle.db.selectFrom('shops').selectAll().where('id', '=', shop.id).executeTakeFirstOrThrow();
      expect(row.api_key_sealed).not.toContain(GOOD_KEY);
      expect(t.container.cradle.secretBox.open(row.api_key_sealed, `shop:${shop.id}`)).toBe(GOOD_KEY);
    });

    it('tests a good key: ok with roles and expiry, shop active', async () => {
      const shop = await bind();
      const response = await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, status: 'active', roles: ['Admin'], expires_at: '2027-02-18T09:54:23.296Z' });
      expect(await shopOf(shop.id)).toMatchObject({ status: 'active', roles: ['Admin'], key_expires_at: '2027-02-18T09:54:23.296Z' });
      const one = await t.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: t.auth });
      expect(one.json()).toMatchObject({ id: shop.id, status: 'active', api_key_masked: '****5c6d' });
      const sent = ozon.requests.at(-1)!;
      expect(sent.url).toBe('/v1/roles');
      expect(sent.headers['client-id']).toBe('123456');
      expect(JSON.parse(sent.body.toString())).toEqual({});
    });

    it('tests a rejected key: ok false with the reason, shop invalid', async () => {
      const shop = await bind(OTHER_KEY);
      const response = await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ ok: boolean; reason: string; detail: string }>();
      expect(body).toMatchObject({ ok: false, status: 'invalid', reason: 'INVALID_API_KEY' });
      expect(body.detail).toContain('Invalid Api-Key');
      expect((await shopOf(shop.id))?.status).toBe('invalid');
    });

    it('reports a key without the needed methods as rejected', async () => {
      ozon.addKey('777', GOOD_KEY, ['/v1/roles', '/v1/description-category/tree']);
      const shop = await bind(GOOD_KEY, '777');
      const body = (await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth })).json<{ reason: string; detail: string }>();
      expect(body).toMatchObject({ ok: false, reason: 'MISSING_PERMISSIONS' });
      expect(body.detail).toContain('/v3/product/import');
    });

    it('answers 502 and leaves the status alone when the marketplace is unreachable', async () => {
      const shop = await bind();
      await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth });
      ozon.down = true;
      try {
        const response = await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ code: 'MARKETPLACE_UNREACHABLE' });
      } finally {
        ozon.down = false;
      }
      expect((await shopOf(shop.id))?.status).toBe('active');
    });

    it('a new key sends the shop back to unverified; a rename keeps its status', async () => {
      const shop = await bind();
      await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth });
      const renamed = await t.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: t.auth, payload: { name: '新名字', currency_code: 'RUB' } });
      expect(renamed.json()).toMatchObject({ name: '新名字', currency_code: 'RUB', status: 'active' });
      const rekeyed = await t.app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: t.auth, payload: { api_key: OTHER_KEY } });
      expect(rekeyed.json()).toMatchObject({ status: 'unverified', api_key_masked: '****6c5d', roles: [] });
      expect(rekeyed.body).not.toContain(OTHER_KEY);
    });

    it('refuses bad input with 422 and unknown shops with 404', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/shops',
        headers: t.auth,
        payload: { name: 'x', client_id: 'abc', api_key: GOOD_KEY, currency_code: 'USD' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const empty = await t.app.inject({ method: 'PATCH', url: '/api/shops/00000000-0000-4000-8000-000000000000', headers: t.auth, payload: {} });
      expect(empty.statusCode).toBe(422);
      const missing = await t.app.inject({ method: 'DELETE', url: '/api/shops/00000000-0000-4000-8000-000000000000', headers: t.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'SHOP_NOT_FOUND' });
    });

    it('deletes a shop', async () => {
      const shop = await bind();
      const response = await t.app.inject({ method: 'DELETE', url: `/api/shops/${shop.id}`, headers: t.auth });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await shopOf(shop.id)).toBeUndefined();
    });
  });
}
