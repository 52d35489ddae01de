import { type GuardedHttp, type GuardedStreamResponse } from '../ports/guarded-http.ts';
import { DomainError, invalid } from '../../domain/errors.ts';
import { CONTENT_TYPE_OF, sniffImageFormat } from '../../domain/image-format.ts';
import { BROWSER_IMAGE_HEADERS, fixSchemeless, isAllowedProxyHost, refererForHost } from '../../domain/image-source.ts';

export type ProxyImageDeps = {
  readonly guardedHttp: GuardedHttp;
  /** PROXY_IMAGE_HOSTS: host suffixes, or `*` for any public host. */
  readonly allowedHosts: readonly string[];
  readonly maxBytes: number;
  readonly timeoutMs: number;
};

export type ProxiedImage = { readonly contentType: string; readonly body: AsyncIterable<Uint8Array> };
export type ProxyImage = (url: string) => Promise<ProxiedImage>;

/** Enough leading bytes for every magic number we check. */
const SNIFF_BYTES = 16;

const upstream = (code: string, detail: string): DomainError => new DomainError('upstream_failed', code, detail);

/** The body with its first chunk put back in front (it was read to sniff the format). */
async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * GET /proxy-image: fetches an image from an allowed host with that site's Referer (403 → once without), through
 * the guarded client, and relays it only when the bytes are a raster image we recognise (never SVG or HTML).
 */
export function makeProxyImage({ guardedHttp, allowedHosts, maxBytes, timeoutMs }: ProxyImageDeps): ProxyImage {
  return async (rawUrl) => {
    let url: URL;
    try {
      url = new URL(fixSchemeless(rawUrl));
    } catch {
      throw invalid('PROXY_URL_INVALID', '图片地址不是合法的 URL', [{ path: 'querystring:/url', message: '图片地址不是合法的 URL' }]);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('PROXY_URL_INVALID', '只允许 http/https 图片地址');
    if (!isAllowedProxyHost(url.hostname, allowedHosts)) throw invalid('PROXY_HOST_NOT_ALLOWED', `不允许代理该域名的图片：${url.hostname}`);

    const referer = refererForHost(url.hostname);
    const open = (withReferer: boolean): Promise<GuardedStreamResponse> =>
      guardedHttp.stream(url.href, { maxBytes, timeoutMs, headers: withReferer && referer ? { ...BROWSER_IMAGE_HEADERS, referer } : BROWSER_IMAGE_HEADERS });
    let response = await open(true);
    if (response.status === 403 && referer) {
      response.cancel();
      response = await open(false);
    }
    if (response.status < 200 || response.status >= 300) {
      response.cancel();
      throw upstream('PROXY_UPSTREAM_STATUS', `图片源站返回 HTTP ${response.status}`);
    }
    const chunks = response.body[Symbol.asyncIterator]();
    let head = new Uint8Array(0);
    let ended = false;
    while (head.length < SNIFF_BYTES && !ended) {
      const next = await chunks.next();
      if (next.done) ended = true;
      else head = Buffer.concat([head, next.value]);
    }
    const format = sniffImageFormat(head);
    if (!format) {
      response.cancel();
      throw upstream('PROXY_NOT_IMAGE', '源站返回的不是图片');
    }
    return { contentType: CONTENT_TYPE_OF[format], body: prepend(head, chunks) };
  };
}
