import { type GuardedFetchOptions, type GuardedHttp, type GuardedStreamResponse } from '../../application/ports/guarded-http.ts';
import { ImageFetchError } from '../../application/ports/image-fetcher.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { fixSchemeless } from '../../domain/intake/image-source.ts';
import { withHead as prependHead } from '../../application/byte-streams.ts';

/**
 * What the image and the video fetcher share: asking a CDN for a file as a browser would, and handing on its
 * first bytes (read to tell the format) with the rest of the stream.
 */

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};
const RETRYABLE_TRANSPORT = new Set(['OUTBOUND_TIMEOUT', 'OUTBOUND_FAILED']);

/** The guarded client's refusals, timeouts and size errors as fetch errors, retryable where a later try may pass. */
export function asFetchError(error: unknown): unknown {
  if (!isDomainError(error) || error instanceof ImageFetchError) return error;
  return new ImageFetchError(error.kind, error.code, error.detail, RETRYABLE_TRANSPORT.has(error.code));
}

export type BrowserRequest = {
  /** The `accept` header a browser sends for this kind of file. */
  readonly accept: string;
  readonly limits: Pick<GuardedFetchOptions, 'maxBytes' | 'timeoutMs'>;
  /** The error for a non-2xx answer, in the words of the file's kind. */
  readonly statusError: (status: number) => ImageFetchError;
};

/** GETs `url` with browser headers and the Referer; a 403 is tried once more without it (some CDNs refuse foreign ones). */
export async function openAsBrowser(
  guardedHttp: GuardedHttp,
  url: string,
  referer: string | undefined,
  request: BrowserRequest,
): Promise<GuardedStreamResponse> {
  const absolute = fixSchemeless(url);
  const get = (withReferer: boolean) =>
    guardedHttp.stream(absolute, { ...request.limits, headers: { ...BROWSER, accept: request.accept, ...(withReferer && referer ? { referer } : {}) } });
  let response = await get(true);
  if (response.status === 403 && referer) {
    response.cancel();
    response = await get(false);
  }
  if (response.status < 200 || response.status >= 300) {
    response.cancel();
    throw request.statusError(response.status);
  }
  return response;
}

export { readHead } from '../../application/byte-streams.ts';

/** The body with its head put back in front; errors met later become fetch errors (or pass through `mapError`). */
export const withHead = (head: Uint8Array, rest: AsyncIterator<Uint8Array>, mapError: (error: unknown) => unknown = asFetchError): AsyncGenerator<Uint8Array> =>
  prependHead(head, rest, mapError);
