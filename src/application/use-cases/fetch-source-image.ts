import { type GuardedHttp, type GuardedResponse } from '../ports/guarded-http.ts';
import { BROWSER_IMAGE_HEADERS } from '../../domain/image-source.ts';
import { isDomainError } from '../../domain/errors.ts';

export type FetchLimits = { readonly maxBytes: number; readonly timeoutMs: number };

/** One try's outcome: the bytes, a failure worth retrying (5xx, 429, timeouts, dropped connections), or a final one. */
export type FetchOutcome =
  | { readonly kind: 'ok'; readonly body: Uint8Array }
  | { readonly kind: 'retry'; readonly error: string }
  | { readonly kind: 'fail'; readonly error: string };

const RETRYABLE_CODES = new Set(['OUTBOUND_TIMEOUT', 'OUTBOUND_FAILED']);

/** GETs a source image with browser headers and the Referer; a 403 is retried once right away without Referer. */
export async function fetchSourceImage(http: GuardedHttp, url: string, referer: string, limits: FetchLimits): Promise<FetchOutcome> {
  const get = (withReferer: boolean): Promise<GuardedResponse> =>
    http.get(url, { ...limits, headers: withReferer && referer ? { ...BROWSER_IMAGE_HEADERS, referer } : BROWSER_IMAGE_HEADERS });
  try {
    let response = await get(true);
    if (response.status === 403 && referer) response = await get(false);
    if (response.status >= 200 && response.status < 300) return { kind: 'ok', body: response.body };
    const error = `图片源站返回 HTTP ${response.status}`;
    return response.status >= 500 || response.status === 429 ? { kind: 'retry', error } : { kind: 'fail', error };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { kind: RETRYABLE_CODES.has(error.code) ? 'retry' : 'fail', error: error.detail };
  }
}
