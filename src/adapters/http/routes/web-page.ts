import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyPluginAsync } from 'fastify';

/** Paths that belong to the API or the media store: an unknown one is a JSON 404, never the page. */
const NOT_PAGE_PREFIXES = ['/api/', '/media/', '/assets/'] as const;

const BUILD_HINT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>页面尚未构建</title>
<p>网页尚未构建：请先运行 <code>npm run build:web</code>（<code>npm start</code> 会自动构建），然后重启服务。</p>
<p>接口文档：<a href="/api/docs">/api/docs</a></p></html>`;

const isPagePath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '/';
  return pathname !== '/api' && !NOT_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
};

/**
 * Serves the built page: hashed bundles under `/assets/` (cached forever), and `index.html` for every other
 * GET outside `/api` and `/media` so the page's own routes survive a reload, under the page's CSP (security-headers.ts).
 * The page is public; its data is not.
 */
export const webPageRoutes =
  (distDir: string, contentSecurityPolicy: string): FastifyPluginAsync =>
  async (app) => {
    const assetsDir = path.join(distDir, 'assets');
    if (existsSync(assetsDir)) {
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: '365d',
        immutable: true,
      });
    }
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (!isPagePath(request.url)) return reply.callNotFound();
      void reply.header('content-security-policy', contentSecurityPolicy);
      const html = await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => null);
      if (html === null) return reply.status(503).type('text/html; charset=utf-8').send(BUILD_HINT);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  };
