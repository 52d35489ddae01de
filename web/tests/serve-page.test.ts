import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/adapters/http/error-handler.ts';
import { webPageRoutes } from '../../src/adapters/http/routes/web-page.ts';
import { pageContentSecurityPolicy } from '../../src/adapters/http/security-headers.ts';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];

/** The page plugin next to an API route and the error handler, as in the real app. */
async function appServing(distDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(webPageRoutes(distDir, pageContentSecurityPolicy([])));
  await app.ready();
  apps.push(app);
  return app;
}

function builtDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lws-dist-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("page")');
  return dir;
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the web page served at /', () => {
  it('answers index.html for the page’s own addresses so a reload lands on the same screen', async () => {
    const app = await appServing(builtDist());
    for (const url of ['/', '/login', '/products?stage=ready', '/products/0b0e7a52-8a0e-4f55-9d51-64b1f4b8f1a3?tab=suite']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="app">');
    }
  });

  it('serves the hashed bundles with a long cache', async () => {
    const app = await appServing(builtDist());
    const response = await app.inject({ url: '/assets/index-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("page")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never answers the page for API, media or missing bundle paths', async () => {
    const app = await appServing(builtDist());
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    for (const url of ['/api/nothing-here', '/media/x.jpg', '/assets/missing.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('tells the user to build the page when web/dist is missing', async () => {
    const app = await appServing(path.join(tmpdir(), 'lws-no-such-dist'));
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build:web');
  });
});
