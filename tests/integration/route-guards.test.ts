import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Operation = { responses?: Record<string, unknown>; security?: unknown[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Routes the contract leaves public (docs/decisions.md, Accounts). */
const PUBLIC_OPERATIONS = new Set(['POST /api/auth/login', 'GET /api/health']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const concretePath = (template: string): string => template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('every route', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  beforeAll(async () => {
    t = await startTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path, operation: item[method]! })),
    );
  });
  afterAll(() => t?.close());

  it('is listed in the OpenAPI document (the list is not empty)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(3);
  });

  it('under /api, except login and health, refuses a request without a bearer with 401', async () => {
    const open: string[] = [];
    for (const { method, path } of operations) {
      const name = `${method} ${path}`;
      if (PUBLIC_OPERATIONS.has(name) || !path.startsWith('/api/')) continue;
      const response = await t.app.inject({
        method: method as 'GET',
        url: concretePath(path),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      if (response.statusCode !== 401 || response.json<{ code: string }>().code !== 'UNAUTHORIZED') open.push(`${name} → ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('declares a success response and error responses (schemas document the contract and keep secrets out)', () => {
    const undocumented = operations
      .filter(({ path }) => path.startsWith('/api/'))
      .filter(({ operation }) => {
        const codes = Object.keys(operation.responses ?? {});
        return !codes.some((code) => code.startsWith('2')) || !codes.some((code) => /^[45]/.test(code));
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
  });
});
