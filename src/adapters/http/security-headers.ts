import fastifyHelmet from '@fastify/helmet';
import { type FastifyInstance } from 'fastify';

/**
 * The seller's page keeps its access token in localStorage, so nothing but its own bundle may run there: scripts,
 * styles and fetches from this origin only, no inline code (the built page has none; styles are set through the
 * CSSOM), images and videos from this origin and the media store's public origins, no framing, no plugins. No
 * `upgrade-insecure-requests`: the service is often reached over plain http on a LAN address.
 */
export function pageContentSecurityPolicy(mediaOrigins: readonly string[]): string {
  const media = ["'self'", ...new Set(mediaOrigins)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${media}`,
    `media-src ${media}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin of an absolute URL (a public media base), or undefined for a relative one or none. */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

/**
 * Helmet's headers on every answer: API JSON, media and uploads get a CSP that allows nothing (`default-src 'none'`,
 * no framing), `nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`; the page route replaces the CSP
 * with the page's own, and the API docs with swagger-ui's hashed one. Cross-origin reads stay allowed
 * (`Cross-Origin-Resource-Policy: cross-origin`): stored images must load in the extension's and marketplace's
 * pages, and the API authenticates by a bearer header, not a cookie, so a no-cors read gets nothing private.
 * No HSTS: TLS belongs to the proxy in front, which knows whether every subdomain has it.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** swagger-ui's own CSP (hashes of its inline scripts) made as strict as ours on framing and plain-http friendly. */
export const docsContentSecurityPolicy = (header: string): string =>
  header.replace(/frame-ancestors 'self'/, "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, '');
