import { type GuardedHttp, type GuardedStreamResponse } from '../../application/ports/guarded-http.ts';
import { type FetchedImage, type ImageFetchOptions, type ImageFetcher, ImageFetchError, type StreamedImage } from '../../application/ports/image-fetcher.ts';
import { isDomainError } from '../../domain/errors.ts';
import { sniffImageFormat } from '../../domain/image-format.ts';
import { fixSchemeless } from '../../domain/image-source.ts';

export type ImageFetchLimits = { readonly maxBytes: number; readonly timeoutMs: number };

/** DECISIONS §5: every image fetched from the web is capped at 20 MB and 30 s. */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000 };

/** What a browser sends for an image: CDNs answer bots differently. */
const BROWSER_IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};

/** Enough leading bytes for every magic number we check. */
const SNIFF_BYTES = 16;
const RETRYABLE_TRANSPORT = new Set(['OUTBOUND_TIMEOUT', 'OUTBOUND_FAILED']);

const statusError = (status: number): ImageFetchError =>
  new ImageFetchError('upstream_failed', 'IMAGE_UPSTREAM_STATUS', `图片源站返回 HTTP ${status}`, status >= 500 || status === 429, status);

/** The guarded client's refusals, timeouts and size errors, marked retryable where a later try may pass. */
function asFetchError(error: unknown): unknown {
  if (!isDomainError(error) || error instanceof ImageFetchError) return error;
  return new ImageFetchError(error.kind, error.code, error.detail, RETRYABLE_TRANSPORT.has(error.code));
}

/** The body with its first chunk put back in front (it was read to tell the format). */
async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** `ImageFetcher` on the SSRF-guarded client. */
export function makeGuardedImageFetcher({ guardedHttp, limits = IMAGE_FETCH_LIMITS }: { guardedHttp: GuardedHttp; limits?: ImageFetchLimits }): ImageFetcher {
  const headersFor = (referer: string | undefined): Record<string, string> => (referer ? { ...BROWSER_IMAGE_HEADERS, referer } : BROWSER_IMAGE_HEADERS);

  async function open(url: string, { referer }: ImageFetchOptions): Promise<GuardedStreamResponse> {
    const absolute = fixSchemeless(url);
    let response = await guardedHttp.stream(absolute, { ...limits, headers: headersFor(referer) });
    if (response.status === 403 && referer) {
      response.cancel();
      response = await guardedHttp.stream(absolute, { ...limits, headers: headersFor(undefined) });
    }
    if (response.status < 200 || response.status >= 300) {
      response.cancel();
      throw statusError(response.status);
    }
    return response;
  }

  return {
    async fetch(url, options = {}): Promise<FetchedImage> {
      try {
        const response = await open(url, options);
        const chunks: Uint8Array[] = [];
        for await (const chunk of response.body) chunks.push(chunk);
        const bytes = Buffer.concat(chunks);
        return { bytes, format: sniffImageFormat(bytes) ?? null };
      } catch (error) {
        throw asFetchError(error);
      }
    },

    async stream(url, options = {}): Promise<StreamedImage> {
      try {
        const response = await open(url, options);
        const chunks = response.body[Symbol.asyncIterator]();
        let head: Uint8Array = new Uint8Array(0);
        for (let next = await chunks.next(); ; next = await chunks.next()) {
          if (next.done) break;
          head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
          if (head.length >= SNIFF_BYTES) break;
        }
        const format = sniffImageFormat(head);
        if (!format) {
          response.cancel();
          throw new ImageFetchError('upstream_failed', 'IMAGE_NOT_RECOGNISED', '源站返回的不是图片', false);
        }
        return { format, body: prepend(head, chunks) };
      } catch (error) {
        throw asFetchError(error);
      }
    },
  };
}
