import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 18: `TRACE /api/health` answered 404 and `QUERY /api/health` 422; an address that exists answers 405.
describe('methods an address does not take', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['TRACE', 'QUERY', 'PUT', 'DELETE'] as const)('%s /api/health → 405 with Allow in the {detail, code} body', async (method) => {
    // light-my-request's types list no QUERY; Node and Fastify take it.
    const response = await t.app.inject({ method: method as 'PUT', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(response.json().detail).toContain('不支持');
  });

  it('names every method of a parametric address, and keeps 404 for an address that does not exist', async () => {
    const product = await t.app.inject({ method: 'PUT', url: '/api/products/00000000-0000-4000-8000-000000000000', headers: t.auth });
    expect(product.statusCode).toBe(405);
    expect(product.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: t.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
