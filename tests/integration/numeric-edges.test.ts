import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentedOperation, isObject, mapStrings, mediaPointer, multipartOf, operationsOf } from '../helpers/openapi-replay.ts';
import { isNumericSchema, numericFieldPaths, withValueAt } from '../helpers/numeric-fields.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 29: `page=1e309` was a 500 on every paged list (coerced to Infinity, which skips Ajv's range checks, and
// SQLite refused it). These tests walk the OpenAPI document of a fresh service, so a route added later is covered.
const TEXT_EDGES = ['1e309', '-0', 'NaN', 'Infinity', '0x10'] as const;
/** Not a finite plain decimal: each must be refused with a 422 naming the field. */
const REFUSED_TEXT = TEXT_EDGES.filter((edge) => edge !== '-0');
const CJK = /[\u4e00-\u9fff]/;
const SENTINEL = '__NUMERIC_EDGE__';

/** A port nothing listens on: outside services and example image URLs point there, so no request leaves the machine. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Outside services point at a closed port and no AI key is set, so an edge value the service accepts may meet 502
 * (unreachable), 503 (not configured) or 504 as the documented answer; a 500 is a fault of the service itself.
 */
const expectNoServerFault = (label: string, status: number) => expect.soft([500, 501, 505].includes(status) || status >= 506, label).toBe(false);

type ErrorAnswer = { detail?: string; code?: string; errors?: { path: string; message: string }[] };

describe('numeric edge values in every numeric field of every operation', () => {
  let t: TestApp;
  let document: { paths: Record<string, never> } & Record<string, unknown>;
  let operations: DocumentedOperation[];
  let dead: string;
  beforeAll(async () => {
    dead = `http://127.0.0.1:${await closedPort()}`;
    const outside = ['OZON_API_URL', 'FX_CBR_URL', 'FX_ERAPI_URL', 'FX_CURRENCYAPI_URL'];
    t = await startTestApp({ start: false, env: { ...Object.fromEntries(outside.map((name) => [name, dead])), PROXY_IMAGE_HOSTS: '127.0.0.1' } });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = [...operationsOf(document).values()];
  });
  afterAll(async () => t?.close());

  const local = (value: unknown) => mapStrings(value, (text) => text.replace(/^https?:\/\/(?!lws\.example\.com)[^/]+/, dead));

  /** The operation as its example sends it, with `override` in one parameter. */
  const requestOf = (documented: DocumentedOperation, override?: { name: string; value: string }) => {
    let url = documented.path;
    const query: Record<string, string> = {};
    const headers: Record<string, string> = { ...t.auth };
    for (const parameter of documented.operation.parameters ?? []) {
      const value = override?.name === parameter.name ? override.value : parameter.example === undefined ? undefined : String(local(parameter.example));
      if (value === undefined) continue;
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (parameter.in === 'query') query[parameter.name] = value;
      else headers[parameter.name] = value;
    }
    return { method: documented.method.toUpperCase() as 'GET', url, query, headers };
  };

  const expectRefused = (label: string, status: number, body: ErrorAnswer, withField: boolean) => {
    expect.soft(status, label).toBe(422);
    expect.soft(body.detail, label).toMatch(CJK);
    expect.soft(body.code, label).toMatch(/^[A-Z_]+$/);
    if (withField) expect.soft(body.errors?.[0]?.message, label).toMatch(CJK);
  };

  it('answers 422 in Chinese to page or page_size of 1e309 on every paged route', async () => {
    const paged = operations.filter((documented) => documented.operation.parameters?.some((parameter) => parameter.name === 'page'));
    expect(paged.map((documented) => documented.operation.operationId)).toEqual(
      expect.arrayContaining(['getShops', 'getProducts', 'getAudit', 'getExtLogs', 'getProductsIdAssets', 'getProductsIdPublishHistory']),
    );
    for (const documented of paged) {
      for (const name of ['page', 'page_size']) {
        const response = await t.app.inject(requestOf(documented, { name, value: '1e309' }));
        const label = `${documented.operation.operationId} ${name}=1e309: ${response.body.slice(0, 200)}`;
        expectRefused(label, response.statusCode, response.json(), true);
        expect.soft(response.json<ErrorAnswer>().errors?.[0]?.path, label).toBe(`querystring:/${name}`);
      }
    }
  });

  it('refuses non-finite, hexadecimal and NaN texts in every numeric parameter with a 422, and -0 with no 5xx', async () => {
    const tried: string[] = [];
    for (const documented of operations) {
      for (const parameter of documented.operation.parameters ?? []) {
        if (!isNumericSchema(parameter.schema, document)) continue;
        tried.push(`${documented.operation.operationId} ${parameter.name}`);
        for (const edge of TEXT_EDGES) {
          const response = await t.app.inject(requestOf(documented, { name: parameter.name, value: edge }));
          const label = `${documented.operation.operationId} ${parameter.in} ${parameter.name}=${edge}: ${response.body.slice(0, 200)}`;
          if (REFUSED_TEXT.includes(edge as never)) expectRefused(label, response.statusCode, response.json(), true);
          else expectNoServerFault(label, response.statusCode);
        }
      }
    }
    expect(tried.length).toBeGreaterThanOrEqual(12);
  });

  it('answers no 5xx to any edge value in any numeric field of a request body, and 422 to 1e309', async () => {
    let tried = 0;
    for (const documented of operations) {
      const [mediaType, media] = Object.entries(documented.operation.requestBody?.content ?? {})[0] ?? [];
      if (!media?.schema || !isObject(media.example)) continue;
      const schema = resolveAt(document, mediaPointer(documented, 'requestBody', mediaType!));
      const example = local(media.example);
      for (const path of numericFieldPaths(schema, document)) {
        tried += 1;
        for (const edge of TEXT_EDGES) {
          const request = requestOf(documented);
          let payload: string | Buffer;
          if (mediaType === 'multipart/form-data') {
            if (path.length !== 1) continue;
            const form = await multipartOf(withValueAt(example, path, edge) as object, media.schema, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
            [payload, request.headers['content-type']] = [form.payload, form.contentType];
          } else {
            payload = JSON.stringify(withValueAt(example, path, SENTINEL)).replace(`"${SENTINEL}"`, edge);
            request.headers['content-type'] = mediaType!;
          }
          const response = await t.app.inject({ ...request, payload });
          const label = `${documented.operation.operationId} body /${path.join('/')}=${edge}: ${response.body.slice(0, 200)}`;
          expectNoServerFault(label, response.statusCode);
          if (edge === '1e309' && mediaType === 'application/json') expectRefused(label, response.statusCode, response.json(), true);
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(40);
  });

  it('refuses a number too large for a double anywhere in a JSON body, free-form groups included', async () => {
    const headers = { ...t.auth, 'content-type': 'application/json' };
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'коробка' } });
    const url = `/api/products/${created.json<{ id: string }>().id}`;
    for (const [payload, path] of [
      ['{"raw":{"note":1e309}}', '/raw/note'],
      ['{"attributes":{"85":[{"value":-1e400}]}}', '/attributes/85/0/value'],
    ] as const) {
      const response = await t.app.inject({ method: 'PATCH', url, headers, payload });
      expectRefused(payload, response.statusCode, response.json(), true);
      expect(response.json<ErrorAnswer>().errors?.[0]?.path, payload).toBe(path);
    }
    expect((await t.app.inject({ url, headers: t.auth })).json<{ version: number }>().version, 'nothing was saved').toBe(1);
  });
});

/** The schema a document pointer names (`#/paths/~1api~1products/post/requestBody/content/application~1json/schema`). */
function resolveAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const segment of pointer.replace(/^#\//, '').split('/'))
    value = isObject(value) ? value[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return value;
}
