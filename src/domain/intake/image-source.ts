import { type Platform } from '../common/platform.ts';

/** The product page origin each platform's CDN expects as Referer (hotlink protection). */
export const PLATFORM_REFERERS: Readonly<Record<Platform, string>> = {
  ozon: 'https://www.ozon.ru/',
  '1688': 'https://detail.1688.com/',
  taobao: 'https://item.taobao.com/',
};

/** Image hosts whose hotlink protection wants a particular site's Referer (matched by suffix). */
const HOST_REFERERS: readonly (readonly [suffix: string, referer: string])[] = [
  ['1688.com', PLATFORM_REFERERS['1688']],
  ['alicdn.com', PLATFORM_REFERERS['1688']],
  ['taobao.com', PLATFORM_REFERERS.taobao],
  ['tmall.com', PLATFORM_REFERERS.taobao],
  ['taobaocdn.com', PLATFORM_REFERERS.taobao],
  ['tbcdn.cn', PLATFORM_REFERERS.taobao],
  ['ozon.ru', PLATFORM_REFERERS.ozon],
  ['ozone.ru', PLATFORM_REFERERS.ozon],
  ['ozonusercontent.com', PLATFORM_REFERERS.ozon],
];

/**
 * CDN thumbnail and transcode suffixes after the real extension: `x.jpg_400x400.jpg`, `x.jpg_q90.jpg`,
 * `x.jpg_180x180xzq90.jpg_.webp`, `x.jpg_.webp`. Stripping them reaches the original image.
 */
const THUMBNAIL_SUFFIX = /(\.(?:jpe?g|png|gif|webp))(?:_(?:\d+x\d+[a-z0-9]*|q\d+|sum|b)\.(?:jpe?g|png|webp))?(?:_\.(?:webp|avif|heic))?$/i;

/** True when `hostname` is `suffix` or one of its subdomains. */
export function hostMatches(hostname: string, suffix: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === suffix || host.endsWith(`.${suffix}`);
}

/** True when the host may be fetched by the image proxy; `*` allows any host. */
export function isAllowedProxyHost(hostname: string, suffixes: readonly string[]): boolean {
  return suffixes.some((suffix) => suffix === '*' || hostMatches(hostname, suffix));
}

/** Protocol-relative `//host/x` gets `https:`; surrounding whitespace goes. */
export function fixSchemeless(url: string): string {
  const trimmed = url.trim();
  return trimmed.startsWith('//') ? `https:${trimmed}` : trimmed;
}

/** The address of the original image: `//` fixed and thumbnail suffixes stripped from the path. */
export function originalImageUrl(url: string): string {
  const fixed = fixSchemeless(url);
  let parsed: URL;
  try {
    parsed = new URL(fixed);
  } catch {
    return fixed;
  }
  parsed.pathname = parsed.pathname.replace(THUMBNAIL_SUFFIX, '$1');
  return parsed.href;
}

/** The Referer for downloading a collected image: the collecting page's origin, else the platform's page origin. */
export function refererFor(platform: Platform, refererOrigin: string | undefined): string {
  if (refererOrigin) {
    try {
      const origin = new URL(fixSchemeless(refererOrigin));
      if (origin.protocol === 'https:' || origin.protocol === 'http:') return `${origin.origin}/`;
    } catch {
      // An unusable origin falls back to the platform's.
    }
  }
  return PLATFORM_REFERERS[platform];
}

/** The Referer the image proxy sends for a host, or undefined for hosts with no known site. */
export function refererForHost(hostname: string): string | undefined {
  return HOST_REFERERS.find(([suffix]) => hostMatches(hostname, suffix))?.[1];
}
