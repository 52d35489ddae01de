import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// PostgreSQL cannot store U+0000 and answered such text with a 500; both databases refuse it up front.
describe.each(testDatabases())('text holding U+0000 on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  it('is refused with 422 naming the field, in a query, a JSON body and a key, and nothing is written', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/products?q=a%00b', headers: t.auth });
    expect(search.statusCode).toBe(422);
    expect(search.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: '文本中不能包含空字符（U+0000）', errors: [{ path: 'querystring:/q' }] });

    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: 'кружка\u0000', source_platform: '1688' } });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual([{ path: '/name', message: '含有空字符' }]);
    const patched = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.auth,
      payload: { name: 'кружка', source_platform: '1688', attributes: { ['a\u0000']: 1 } },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors[0].path).toBe('/attributes/a\u0000');
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: t.auth })).json().total).toBe(0);

    // The same texts without it go through.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: 'кружка', source_platform: '1688' } })).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/products?q=%D0%BA%D1%80', headers: t.auth })).json().total).toBe(1);
  });
});
