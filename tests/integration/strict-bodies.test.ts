import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 18: JSON bodies were coerced, so `"name": false` made a shop named "false" and `"old_price": false` stored
// null. Bodies are now checked strictly; query strings are text and are still parsed.
describe('request bodies are validated without type coercion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, method: 'POST' | 'PATCH' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, headers: t.auth, payload: payload as object });

  it.each([
    ['a boolean shop name', '/api/shops', { name: false, client_id: '123', api_key: 'k' }, '/name'],
    ['a numeric shop name', '/api/shops', { name: 12345, client_id: '123', api_key: 'k' }, '/name'],
    ['a boolean old price', '/api/products', { name: 'кружка', old_price: false }, '/old_price'],
    ['a numeric product name', '/api/products', { name: 42 }, '/name'],
    ['a price as text', '/api/products', { name: 'кружка', price: '10' }, '/price'],
  ])('refuses %s with a Chinese 422 at its path, and writes nothing', async (_label, url, payload, path) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; errors: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error) => error.path)).toContain(path);
    expect(body.errors.every((error) => /[\u4e00-\u9fff]/.test(error.message))).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: url === '/api/shops' ? '/api/shops' : '/api/products', headers: t.auth });
    expect(list.json().total ?? list.json().items.length).toBe(0);
  });

  it('refuses a wrong-typed weight on PATCH and a wrong-typed profile list on PUT', async () => {
    const created = await post('/api/products', { name: 'кружка' });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json<{ id: string; version: number }>();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: { ...t.auth, 'if-match': String(version) },
      payload: { weight: '330' },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors[0].path).toBe('/weight');
    const profiles = await post('/api/ext/profiles', { profiles: 'none' }, 'PUT');
    expect(profiles.statusCode).toBe(422);
  });

  it('still parses query strings into their types', async () => {
    for (let n = 0; n < 3; n++) expect((await post('/api/products', { name: `кружка ${n}` })).statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: '/api/products?page=2&page_size=2', headers: t.auth });
    expect(page.statusCode).toBe(200);
    const { total, items } = page.json<{ total: number; items: unknown[] }>();
    expect(total).toBeGreaterThanOrEqual(3);
    expect(items).toHaveLength(Math.min(2, total - 2));
    expect((await t.app.inject({ method: 'GET', url: '/api/products?page_size=x', headers: t.auth })).statusCode).toBe(422);
  });
});

describe('prototype-poisoning keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['__proto__', '{"name":"кружка","__proto__":{"admin":true}}'],
    ['constructor.prototype', '{"name":"кружка","attributes":{"constructor":{"prototype":{"x":1}}}}'],
  ])('refuses %s with a 422 that names it, and writes nothing', async (_key, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: { ...t.auth, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN_JSON_KEY' });
    expect(response.json().detail).toContain('__proto__');
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: t.auth })).json().total).toBe(0);
  });

  it('keeps the answers for broken and empty JSON', async () => {
    const headers = { ...t.auth, 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: '{"name":' })).json().code).toBe('INVALID_JSON');
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: '' })).json().code).toBe('INVALID_JSON');
  });
});
