import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 29: the page kept its token in localStorage and sent no Content-Security-Policy, frame protection or
// Referrer-Policy. These read the headers of a whole app, as a browser gets them.
const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ start: false, env: { PUBLIC_BASE_URL: 'https://lws.example.com' } });
    mkdirSync(path.join(t.dataDir, 'media'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media', 'x.txt'), 'stored');
  });
  afterAll(async () => t?.close());

  it('gives the page a CSP that runs only its own bundle, shows stored media, and forbids framing', async () => {
    const response = await t.app.inject({ url: '/products' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'https://lws.example.com']);
    expect(csp.get('media-src')).toEqual(["'self'", 'https://lws.example.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests'), 'the service is often reached over plain http').toBe(false);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives API answers and stored files a CSP that allows nothing, and keeps stored files readable across origins', async () => {
    for (const request of [{ url: '/api/health' }, { url: '/api/products', headers: t.auth }, { url: '/api/nothing' }, { url: '/media/x.txt' }]) {
      const response = await t.app.inject(request);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src'), request.url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), request.url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], request.url).toBe('DENY');
      expect(response.headers['referrer-policy'], request.url).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], request.url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], request.url).toBe('cross-origin');
      expect(response.headers['strict-transport-security'], request.url).toBeUndefined();
    }
  });

  it('keeps the API docs page working under swagger-ui’s own CSP (its scripts are files of this origin), unframed', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.every((attributes) => /\bsrc="\/api\/docs\/static\/[^"]+"/.test(attributes)),
      scripts.join(' | '),
    ).toBe(true);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});
