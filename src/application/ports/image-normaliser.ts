import { type ImageFormat } from '../../domain/media/image-format.ts';

/**
 * An image made ready to store and to hand to the marketplace (JPEG or PNG, upright): what the normaliser makes of
 * downloads and uploads, and what the image processor makes of model output.
 */
export type NormalisedImage = {
  readonly bytes: Uint8Array;
  readonly contentType: 'image/jpeg' | 'image/png';
  readonly extension: 'jpg' | 'png';
  readonly width: number;
  readonly height: number;
  readonly sha256: string;
};

/** Turns untrusted image bytes into a stored-ready image. */
export interface ImageNormaliser {
  /**
   * Sniffs the format from the bytes (`IMAGE_UNSUPPORTED` when not JPEG/PNG/WebP/AVIF/GIF), refuses more pixels than
   * the limit (`IMAGE_TOO_MANY_PIXELS`), applies EXIF rotation and converts WebP/AVIF/GIF to JPEG.
   */
  normalise(bytes: Uint8Array): Promise<NormalisedImage>;
  /**
   * Checks that bytes kept as they are (a direct upload) are the image their magic bytes name: the decoder must read
   * a header of that same format with real dimensions within the pixel limit. Same errors as `normalise`.
   */
  verify(bytes: Uint8Array): Promise<ImageFormat>;
}
