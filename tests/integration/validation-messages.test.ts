import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationProblems } from '../../src/adapters/http/validation-messages.ts';
import { fieldLabel } from '../../src/adapters/http/validation-sentences.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Ajv's English, and any Latin word, in a message a seller reads. */
const ENGLISH = /\b(must|should|schema|constant|anyOf|oneOf|property|properties|equal|match|format|pattern|invalid|required|allowed|NaN)\b/i;
const CJK = /[\u4e00-\u9fff]/;

type Operation = { method: string; path: string; body?: Record<string, unknown>; query: string[]; properties: string[] };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
    >
  >;
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function operations(document: OpenApi): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const json = operation.requestBody?.content?.['application/json']?.schema;
      found.push({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001'),
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        properties: Object.keys(json?.properties ?? {}),
        ...(json ? { body: {} } : {}),
      });
    }
  }
  return found;
}

/** Wrong types, broken bounds and unknown values for every field of every operation. */
function badRequests(operation: Operation): { url: string; payload?: unknown }[] {
  const requests: { url: string; payload?: unknown }[] = [];
  for (const name of operation.query) {
    for (const value of ['zzz', '-5', 'x'.repeat(5000)]) requests.push({ url: `${operation.path}?${name}=${encodeURIComponent(value)}` });
  }
  if (operation.body) {
    requests.push({ url: operation.path, payload: [] }, { url: operation.path, payload: { unknown_field_xyz: 1 } });
    for (const name of operation.properties) {
      for (const value of [{ nested: true }, -1e12, 'zzz', [1, 2], 'x'.repeat(70_000)]) requests.push({ url: operation.path, payload: { [name]: value } });
    }
  }
  return requests;
}

describe('every 422 speaks Chinese', () => {
  it('formats the examples of the issue as one sentence per field', () => {
    const stage = validationProblems(
      ['collected', 'editing', 'ready', 'published', 'archived']
        .map((value) => ({ keyword: 'const', instancePath: '/stage', params: { allowedValue: value } }))
        .concat([{ keyword: 'anyOf', instancePath: '/stage', params: {} as never }]),
      'body',
    );
    expect(stage).toEqual([
      { path: '/stage', message: '阶段只能是 collected（已采集）、editing（编辑中）、ready（待上架）、published（已发布）、archived（已归档）' },
    ]);
    const cost = validationProblems(
      [
        { keyword: 'type', instancePath: '/pricing/cost_cny', params: { type: 'null' } },
        { keyword: 'minimum', instancePath: '/pricing/cost_cny', params: { limit: 0, comparison: '>=' } },
        { keyword: 'anyOf', instancePath: '/pricing/cost_cny', params: {} },
      ],
      'body',
    );
    expect(cost).toEqual([{ path: '/pricing/cost_cny', message: '采购成本不能小于 0' }]);
    expect(fieldLabel('/images/2')).toBe('图片第 3 项');
  });

  it('answers the issue examples through HTTP', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: '杯子' } });
    const id = created.json().id as string;
    const stage = await t.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: t.auth, payload: { stage: 'foo' } });
    expect(stage.statusCode).toBe(422);
    expect(stage.json().errors).toEqual([
      { path: '/stage', message: '阶段只能是 collected（已采集）、editing（编辑中）、ready（待上架）、published（已发布）、archived（已归档）' },
    ]);
    const cost = await t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: t.auth, payload: { pricing: { cost_cny: -1 } } });
    expect(cost.json().errors).toEqual([{ path: '/pricing/cost_cny', message: '采购成本不能小于 0' }]);
    const markup = await t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: t.auth, payload: { pricing: { markup_percent: 5000 } } });
    expect(markup.statusCode).toBe(422);
    expect(markup.json().errors).toEqual([{ path: '/pricing/markup_percent', message: expect.stringMatching(/^加价率不能大于 \d+$/) }]);
  });

  it('no validator English reaches any 422 of any route', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
    const checked = new Set<string>();
    let answered422 = 0;
    for (const operation of operations(document)) {
      for (const request of badRequests(operation)) {
        const response = await t.app.inject({
          method: operation.method as 'GET',
          url: `/api${request.url.replace(/^\/api/, '')}`,
          headers: t.auth,
          ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        });
        expect(response.statusCode, `${operation.method} ${request.url}`).not.toBe(500);
        if (response.statusCode !== 422) continue;
        answered422 += 1;
        const body = response.json() as { detail: string; errors?: { path: string; message: string }[] };
        const where = `${operation.method} ${request.url.slice(0, 120)} → ${response.body.slice(0, 300)}`;
        expect(body.detail, where).toMatch(CJK);
        expect(body.detail, where).not.toMatch(ENGLISH);
        for (const error of body.errors ?? []) {
          expect(error.message, where).toMatch(CJK);
          expect(error.message, where).not.toMatch(ENGLISH);
          expect(error.path, where).toMatch(/^([a-z]+:)?\//);
        }
        checked.add(`${operation.method} ${operation.path}`);
      }
    }
    // The sweep is only worth something if it reached many routes' validation.
    expect(checked.size).toBeGreaterThan(30);
    expect(answered422).toBeGreaterThan(200);
  }, 120_000);
});
