import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 16 item 8: the document is a clean contract for linters and client generators.
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: string;
  beforeAll(async () => {
    t = await startTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message} @ ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  }, 60_000);

  // Issue 18: `spectral:oas` (its recommended rules, as `spectral lint` runs them) finds no error, and no warning
  // but `operation-description`: most operations have a summary only, and a description repeating it says nothing.
  it("passes Spectral's spectral:oas rules with no error", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(document);
    const severity = ['error', 'warning', 'info', 'hint'];
    const problems = results.filter((result) => result.severity <= 1 && result.code !== 'operation-description');
    expect(problems.map((result) => `${severity[result.severity]} ${String(result.code)}: ${result.message} @ ${result.path.join('.')}`)).toEqual([]);
  }, 60_000);

  it('marks what has a default as optional, with the default in the schema', async () => {
    const paths = JSON.parse(document).paths;
    const parameter = (path: string, method: string, name: string) => paths[path][method].parameters.find((p: { name: string }) => p.name === name);
    expect(parameter('/api/shops', 'get', 'page_size')).toMatchObject({ required: false, schema: { default: 20 } });
    expect(parameter('/api/products/{id}', 'delete', 'hard')).toMatchObject({ required: false, schema: { default: false } });
    expect(paths['/api/image/upload-token'].post.requestBody.content['application/json'].schema.required ?? []).not.toContain('content_type');
    // …and the server takes them left out.
    expect((await t.app.inject({ method: 'GET', url: '/api/shops?page=1', headers: t.auth })).statusCode).toBe(200);
  });

  it('documents the CSV and zip answers under their real media types, with JSON errors beside them', async () => {
    const paths = JSON.parse(document).paths;
    expect(Object.keys(paths['/api/export/products.csv'].get.responses[200].content)).toEqual(['text/csv']);
    expect(Object.keys(paths['/api/export/trial-csv'].get.responses[200].content)).toEqual(['text/csv']);
    expect(Object.keys(paths['/api/export/images'].post.responses[200].content)).toEqual(['application/zip']);
    expect(Object.keys(paths['/api/export/products.csv'].get.responses[422].content)).toEqual(['application/json']);
    const csv = await t.app.inject({ method: 'GET', url: '/api/export/products.csv', headers: t.auth });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('states the rules the server checks, so the document predicts each 422', async () => {
    const paths = JSON.parse(document).paths;
    const query = (path: string, name: string) => paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    expect(query('/api/proxy-image', 'url').pattern).toBeTruthy();
    expect(query('/api/export/products.csv', 'fields').pattern).toContain('offer_id');
    const ifMatch = paths['/api/products/{id}'].patch.parameters.find((p: { name: string }) => p.name === 'if-match').schema;
    expect(new RegExp(ifMatch.pattern).test('W/"3"')).toBe(true);
    expect(new RegExp(ifMatch.pattern).test('three')).toBe(false);
    expect(paths['/api/pricing/quote'].post.requestBody.content['application/json'].schema.properties.weight_g.maximum).toBe(30_000);
    const send = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers: { ...t.auth, ...headers } });
    expect((await send('/api/proxy-image?url=javascript:alert(1)')).statusCode).toBe(422);
    expect((await send('/api/export/products.csv?fields=name,secret')).statusCode).toBe(422);
  });

  it("lists the catalog's model ids as the enum of every model field, and the server refuses the rest with 422", async () => {
    const paths = JSON.parse(document).paths;
    const modelOf = (path: string) => {
      const model = paths[path].post.requestBody.content['application/json'].schema.properties.model;
      return (model.anyOf ?? [model]).find((branch: { type?: string }) => branch.type === 'string');
    };
    const models = (await t.app.inject({ method: 'GET', url: '/api/ai/models', headers: t.auth })).json<{ models: { id: string; kind: string }[] }>().models;
    const idsOf = (kind: string) => models.filter((model) => model.kind === kind).map((model) => model.id);
    expect(modelOf('/api/ai/copy').enum).toEqual(expect.arrayContaining([...idsOf('text'), 'deepseek']));
    expect(modelOf('/api/ai/copy').enum).not.toContain('template');
    expect(modelOf('/api/suite/plan').enum).toEqual(modelOf('/api/ai/copy').enum);
    for (const path of ['/api/suite/generate', '/api/image/edit', '/api/image/translate'])
      expect(modelOf(path).enum).toEqual(expect.arrayContaining([...idsOf('image'), 'template']));
    const refused = await t.app.inject({ method: 'POST', url: '/api/ai/copy', headers: t.auth, payload: { title: '杯子', model: 'gpt-99' } });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([422, 'UNKNOWN_MODEL']);
  });

  it('names every operation uniquely', () => {
    const operations = Object.values(JSON.parse(document).paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates TypeScript types that a small client type-checks against, and that catch a wrong call', async () => {
    const types = astToString(await openapiTS(JSON.parse(document)));
    const dir = mkdtempSync(path.join(tmpdir(), 'lws-openapi-client-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), types);
      const client = (body: string) => `import type { paths } from './api';
type ListQuery = NonNullable<paths['/api/products']['get']['parameters']['query']>;
type Product = paths['/api/products/{id}']['get']['responses'][200]['content']['application/json'];
type Created = paths['/api/products']['post']['responses'][201]['content']['application/json'];
type ErrorBody = paths['/api/products']['post']['responses'][422]['content']['application/json'];
export const query: ListQuery = { q: 'кружка', page: 1, page_size: 20, sort: '-updated_at' };
export const nameOf = (product: Product): string => product.name;
export const idOf = (created: Created): string => created.id;
export const detailOf = (error: ErrorBody): string => error.detail;
${body}
`;
      const check = (body: string) => {
        writeFileSync(path.join(dir, 'client.ts'), client(body));
        const program = ts.createProgram([path.join(dir, 'client.ts')], {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          skipLibCheck: true,
          types: [],
        });
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      };
      expect(check('')).toEqual([]);
      expect(check("export const wrong: ListQuery = { page: 'one' };").length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
