import { type GuardedHttp } from '../../application/ports/guarded-http.ts';
import { type FetchedImage, type ImageFetchOptions, type ImageFetcher, ImageFetchError, type StreamedImage } from '../../application/ports/image-fetcher.ts';
import { sniffImageFormat } from '../../domain/media/image-format.ts';
import { asFetchError, openAsBrowser, readHead, withHead } from './browser-download.ts';

export type ImageFetchLimits = { readonly maxBytes: number; readonly timeoutMs: number };

/** docs/decisions.md, Images and uploads: every image fetched from the web is capped at 20 MB and 30 s. */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = { maxBytes: 20 * 1024 * 1024, timeoutMs: 30_000 };

/** Enough leading bytes for every magic number we check. */
const SNIFF_BYTES = 16;

const statusError = (status: number): ImageFetchError =>
  new ImageFetchError('upstream_failed', 'IMAGE_UPSTREAM_STATUS', `图片源站返回 HTTP ${status}`, status >= 500 || status === 429, status);

/** `ImageFetcher` on the SSRF-guarded client. */
export function makeGuardedImageFetcher({ guardedHttp, limits = IMAGE_FETCH_LIMITS }: { guardedHttp: GuardedHttp; limits?: ImageFetchLimits }): ImageFetcher {
  const request = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8', limits, statusError };
  const open = (url: string, { referer }: ImageFetchOptions) => openAsBrowser(guardedHttp, url, referer, request);

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
        const head = await readHead(chunks, SNIFF_BYTES);
        const format = sniffImageFormat(head);
        if (!format) {
          response.cancel();
          throw new ImageFetchError('upstream_failed', 'IMAGE_NOT_RECOGNISED', '源站返回的不是图片', false);
        }
        return { format, body: withHead(head, chunks) };
      } catch (error) {
        throw asFetchError(error);
      }
    },
  };
}
