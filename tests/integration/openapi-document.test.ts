import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
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

  it('names every operation uniquely', () => {
    const operations = Object.values(JSON.parse(document).paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) => Object.values(item));
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
        const program = ts.createProgram([path.join(dir, 'client.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] });
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      };
      expect(check('')).toEqual([]);
      expect(check("export const wrong: ListQuery = { page: 'one' };").length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
