import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const nested = (depth: number, leaf = '"x"'): string => `${'{"a":['.repeat(depth)}${leaf}${']}'.repeat(depth)}`;

// ~3 500 levels of nesting overflowed the stack of the U+0000 walk: a 500, even on the login without a token.
describe('deeply nested JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is refused with 422 at any depth past the limit, with or without a token', async () => {
    for (const depth of [3_500, 20_000, 100_000]) {
      for (const [url, headers] of [
        ['/api/auth/login', {}],
        ['/api/products', t.auth],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: `{"token":"a","name":"a","attributes":${nested(depth)}}`,
        });
        expect(response.statusCode, `${url} at ${depth}`).toBe(422);
        expect(response.json()).toMatchObject({ code: 'JSON_TOO_DEEP', detail: expect.stringMatching(/嵌套/) });
      }
    }
  });

  it('still finds U+0000 in nesting within the limit, and lets it through without', async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.auth,
      payload: JSON.parse(`{"name":"a","attributes":${nested(20, '"a\\u0000"')}}`) as object,
    });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().code).toBe('VALIDATION_FAILED');
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.auth,
      payload: JSON.parse(`{"name":"a","attributes":${nested(20)}}`) as object,
    });
    expect(fine.statusCode).toBe(201);
  });
});
