import { type GuardedHttp, type GuardedStreamResponse } from '../../application/ports/guarded-http.ts';
import { type ImageFetchOptions, ImageFetchError } from '../../application/ports/image-fetcher.ts';
import { type StreamedVideo, type VideoFetcher } from '../../application/ports/video-fetcher.ts';
import { isDomainError } from '../../domain/errors.ts';
import { fixSchemeless } from '../../domain/image-source.ts';
import { sniffVideoFormat } from '../../domain/video-format.ts';

export type VideoFetchLimits = { readonly maxBytes: number; readonly timeoutMs: number };

/** What a browser sends for a video: CDNs answer bots differently. */
const BROWSER_VIDEO_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'video/mp4,video/*;q=0.9,*/*;q=0.8',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};

/** The `ftyp` box and its major brand. */
const SNIFF_BYTES = 12;
const RETRYABLE_TRANSPORT = new Set(['OUTBOUND_TIMEOUT', 'OUTBOUND_FAILED']);

/** The guarded client's errors as the fetcher's, with the size cap named in the seller's terms. */
function asFetchError(error: unknown, maxBytes: number): unknown {
  if (!isDomainError(error) || error instanceof ImageFetchError) return error;
  if (error.code === 'OUTBOUND_TOO_LARGE') {
    return new ImageFetchError('too_large', 'VIDEO_TOO_LARGE', `视频超过 ${Math.round(maxBytes / 1024 / 1024)} MB 上限`, false);
  }
  return new ImageFetchError(error.kind, error.code, error.detail, RETRYABLE_TRANSPORT.has(error.code));
}

/** `VideoFetcher` on the SSRF-guarded client: the body is passed on chunk by chunk, never gathered. */
export function makeGuardedVideoFetcher({ guardedHttp, limits }: { guardedHttp: GuardedHttp; limits: VideoFetchLimits }): VideoFetcher {
  const headersFor = (referer: string | undefined): Record<string, string> => (referer ? { ...BROWSER_VIDEO_HEADERS, referer } : BROWSER_VIDEO_HEADERS);

  async function open(url: string, { referer }: ImageFetchOptions): Promise<GuardedStreamResponse> {
    const absolute = fixSchemeless(url);
    let response = await guardedHttp.stream(absolute, { ...limits, headers: headersFor(referer) });
    if (response.status === 403 && referer) {
      response.cancel();
      response = await guardedHttp.stream(absolute, { ...limits, headers: headersFor(undefined) });
    }
    if (response.status < 200 || response.status >= 300) {
      response.cancel();
      const status = response.status;
      throw new ImageFetchError('upstream_failed', 'VIDEO_UPSTREAM_STATUS', `视频源站返回 HTTP ${status}`, status >= 500 || status === 429, status);
    }
    return response;
  }

  async function* rest(head: Uint8Array, chunks: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
    yield head;
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } catch (error) {
      throw asFetchError(error, limits.maxBytes);
    }
  }

  return {
    async stream(url, options = {}): Promise<StreamedVideo> {
      try {
        const response = await open(url, options);
        const chunks = response.body[Symbol.asyncIterator]();
        let head: Uint8Array = new Uint8Array(0);
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
          head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
          if (head.length >= SNIFF_BYTES) break;
        }
        const format = sniffVideoFormat(head);
        if (!format) {
          response.cancel();
          throw new ImageFetchError('upstream_failed', 'VIDEO_NOT_RECOGNISED', '不是 MP4/MOV 视频', false);
        }
        return { format, body: rest(head, chunks) };
      } catch (error) {
        throw asFetchError(error, limits.maxBytes);
      }
    },
  };
}
