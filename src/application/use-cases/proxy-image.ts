import { type ImageFetcher, ImageFetchError } from '../ports/image-fetcher.ts';
import { DomainError, invalid } from '../../domain/common/errors.ts';
import { CONTENT_TYPE_OF } from '../../domain/media/image-format.ts';
import { fixSchemeless, isAllowedProxyHost, refererForHost } from '../../domain/intake/image-source.ts';

export type ProxyImageDeps = {
  readonly imageFetcher: ImageFetcher;
  /** PROXY_IMAGE_HOSTS: host suffixes, or `*` for any public host. */
  readonly allowedHosts: readonly string[];
};

export type ProxiedImage = { readonly contentType: string; readonly body: AsyncIterable<Uint8Array> };
export type ProxyImage = (url: string) => Promise<ProxiedImage>;

/** The proxy's own codes, documented to the extension since the first contract. */
const PROXY_CODES: Readonly<Record<string, string>> = { IMAGE_UPSTREAM_STATUS: 'PROXY_UPSTREAM_STATUS', IMAGE_NOT_RECOGNISED: 'PROXY_NOT_IMAGE' };

/**
 * GET /proxy-image: relays an image from an allowed host, fetched with that site's Referer, and only when its
 * bytes are a raster image we recognise (never SVG or HTML).
 */
export function makeProxyImage({ imageFetcher, allowedHosts }: ProxyImageDeps): ProxyImage {
  return async (rawUrl) => {
    let url: URL;
    try {
      url = new URL(fixSchemeless(rawUrl));
    } catch {
      throw invalid('PROXY_URL_INVALID', '图片地址不是合法的 URL', [{ path: 'querystring:/url', message: '图片地址不是合法的 URL' }]);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('PROXY_URL_INVALID', '只允许 http/https 图片地址');
    if (!isAllowedProxyHost(url.hostname, allowedHosts)) throw invalid('PROXY_HOST_NOT_ALLOWED', `不允许代理该域名的图片：${url.hostname}`);
    try {
      const image = await imageFetcher.stream(url.href, { referer: refererForHost(url.hostname) });
      return { contentType: CONTENT_TYPE_OF[image.format], body: image.body };
    } catch (error) {
      const code = error instanceof ImageFetchError ? PROXY_CODES[error.code] : undefined;
      if (code && error instanceof ImageFetchError) throw new DomainError(error.kind, code, error.detail);
      throw error;
    }
  };
}
