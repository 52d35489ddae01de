import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/adapters/http/app.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('health, docs and error bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers health without a token, with a real database ping', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; db: string; version: string; uptime_s: number }>();
    expect(body).toMatchObject({ status: 'ok', db: 'ok' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Number.isInteger(body.uptime_s)).toBe(true);
    expect(response.json<{ notice: string | null }>().notice).toBeNull();
  });

  it('answers SITE_NOTICE in health, for the page to show on every screen (the demo sets it)', async () => {
    const noticed = await startTestApp({ env: { SITE_NOTICE: '演示模式：本机模拟的平台' } });
    try {
      const response = await noticed.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json<{ notice: string | null }>().notice).toBe('演示模式：本机模拟的平台');
    } finally {
      await noticed.close();
    }
  });

  it('serves an OpenAPI 3 document generated from the route schemas, and a docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { responses: object }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/health', '/api/auth/session']));
    expect(Object.keys(doc.paths['/api/auth/login']!.post!.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    // The byte upload streams its parts past validation, but the document still describes them.
    const upload = (
      doc.paths['/api/materials/bytes']!.post as unknown as { requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> } }
    ).requestBody.content['multipart/form-data']!.schema;
    expect(upload.properties).toMatchObject({ file: { type: 'string', format: 'binary' }, meta: { type: 'string' }, product_id: { type: 'string' } });
    expect(upload.required).toEqual(['product_id', 'meta', 'file']);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers malformed JSON with 422 INVALID_JSON, not 400 or 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers an oversized body with 413 BODY_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(DEFAULT_BODY_LIMIT + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'token=1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('reports 503 with db "error" when the database cannot be reached', async () => {
    const broken = await startTestApp();
    try {
      await broken.container.cradle.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', db: 'error' });
    } finally {
      await broken.app.close();
    }
  });
});
