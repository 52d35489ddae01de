import { type GuardedHttp } from '../../application/ports/guarded-http.ts';
import { ImageFetchError } from '../../application/ports/image-fetcher.ts';
import { type StreamedVideo, type VideoFetcher } from '../../application/ports/video-fetcher.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { sniffVideoFormat } from '../../domain/media/video-format.ts';
import { asFetchError, openAsBrowser, readHead, withHead } from './browser-download.ts';

export type VideoFetchLimits = { readonly maxBytes: number; readonly timeoutMs: number };

/** The `ftyp` box and its major brand. */
const SNIFF_BYTES = 12;

/** The guarded client's errors as the fetcher's, with the size cap named in the seller's terms. */
function asVideoFetchError(error: unknown, maxBytes: number): unknown {
  if (isDomainError(error) && error.code === 'OUTBOUND_TOO_LARGE') {
    return new ImageFetchError('too_large', 'VIDEO_TOO_LARGE', `视频超过 ${Math.round(maxBytes / 1024 / 1024)} MB 上限`, false);
  }
  return asFetchError(error);
}

const statusError = (status: number): ImageFetchError =>
  new ImageFetchError('upstream_failed', 'VIDEO_UPSTREAM_STATUS', `视频源站返回 HTTP ${status}`, status >= 500 || status === 429, status);

/** `VideoFetcher` on the SSRF-guarded client: the body is passed on chunk by chunk, never gathered. */
export function makeGuardedVideoFetcher({ guardedHttp, limits }: { guardedHttp: GuardedHttp; limits: VideoFetchLimits }): VideoFetcher {
  const request = { accept: 'video/mp4,video/*;q=0.9,*/*;q=0.8', limits, statusError };
  const mapError = (error: unknown) => asVideoFetchError(error, limits.maxBytes);

  return {
    async stream(url, options = {}): Promise<StreamedVideo> {
      try {
        const response = await openAsBrowser(guardedHttp, url, options.referer, request);
        const chunks = response.body[Symbol.asyncIterator]();
        const head = await readHead(chunks, SNIFF_BYTES);
        const format = sniffVideoFormat(head);
        if (!format) {
          response.cancel();
          throw new ImageFetchError('upstream_failed', 'VIDEO_NOT_RECOGNISED', '不是 MP4/MOV 视频', false);
        }
        return { format, body: withHead(head, chunks, mapError) };
      } catch (error) {
        throw mapError(error);
      }
    },
  };
}
