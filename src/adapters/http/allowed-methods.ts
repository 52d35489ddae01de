import { METHODS } from 'node:http';
import { type FastifyInstance } from 'fastify';
import Router from 'find-my-way';

export type AllowedMethods = (url: string) => readonly string[];

/**
 * Keeps a shadow router of every route so an address that exists under other methods can answer 405 with an
 * `Allow` header instead of 404 (`TRACE /api/health`). Fastify's own router answers only "not found".
 */
export function trackAllowedMethods(app: FastifyInstance): AllowedMethods {
  const routes = Router();
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    // A catch-all (the page's own addresses, /media/*) names no address of the API.
    if (route.url.endsWith('*')) return;
    for (const method of [route.method].flat()) {
      if (routes.hasRoute(method as Router.HTTPMethod, route.url)) continue;
      routes.on(method as Router.HTTPMethod, route.url, () => undefined);
      methods.add(method);
    }
  });
  return (url) => {
    const path = url.split('?')[0] ?? url;
    return [...methods].filter((method) => METHODS.includes(method) && routes.find(method as Router.HTTPMethod, path) !== null).sort();
  };
}
