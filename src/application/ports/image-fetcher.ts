import { DomainError, type ErrorKind } from '../../domain/common/errors.ts';
import { type ImageFormat } from '../../domain/media/image-format.ts';

/** A fetched image: its bytes and the format its first bytes name (null when they name no image format we know). */
export type FetchedImage = { readonly bytes: Uint8Array; readonly format: ImageFormat | null };

/** A fetched image read as it arrives: only ever a recognised raster image (never SVG or HTML). */
export type StreamedImage = { readonly format: ImageFormat; readonly body: AsyncIterable<Uint8Array> };

export type ImageFetchOptions = {
  /** The page the image was found on: many CDNs refuse an image without it. */
  readonly referer?: string | undefined;
};

/**
 * Why an image could not be fetched. `retryable` marks what may pass on a later try (HTTP 5xx and 429, timeouts,
 * dropped connections); `status` is the source's HTTP status when it answered one.
 */
export class ImageFetchError extends DomainError {
  readonly retryable: boolean;
  readonly status: number | undefined;

  constructor(kind: ErrorKind, code: string, detail: string, retryable: boolean, status?: number) {
    super(kind, code, detail);
    this.retryable = retryable;
    this.status = status;
  }
}

/**
 * The one way images are fetched from the web (collected sources, images the seller points the AI at, archive
 * exports, the image proxy). It sends what a browser sends, with the Referer when given (a 403 is tried once more
 * without it), through the SSRF-guarded client and within the image limits (docs/decisions.md, Images and uploads: 20 MB, 30 s).
 * Failures throw `ImageFetchError`: `IMAGE_UPSTREAM_STATUS` for a non-2xx answer, `IMAGE_NOT_RECOGNISED` when a
 * stream is not an image, and the guarded client's own codes (`OUTBOUND_*`) for refusals, timeouts and size.
 */
export interface ImageFetcher {
  fetch(url: string, options?: ImageFetchOptions): Promise<FetchedImage>;
  /** Answers once the first bytes told the format; the caller reads the body to its end. */
  stream(url: string, options?: ImageFetchOptions): Promise<StreamedImage>;
}
