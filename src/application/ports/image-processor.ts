import { type NormalisedImage } from './image-normaliser.ts';

/** A watermark as the user configured it; opacity 0..100. */
export type Watermark =
  { readonly type: 'text'; readonly text: string; readonly opacity: number } | { readonly type: 'image'; readonly image: Uint8Array; readonly opacity: number };

/** Local pixel work on images (no model involved). Unreadable input throws DomainError `IMAGE_UNREADABLE`. */
export interface ImageProcessor {
  /** The marketplace shape: JPEG, 3:4, 1200×1600, white padding, optional watermark at the bottom right. */
  normalise(bytes: Uint8Array, watermark: Watermark | null): Promise<NormalisedImage>;
  /** A reference for a model: JPEG, EXIF rotation applied, long side at most 2048 px. */
  toReference(bytes: Uint8Array): Promise<{ bytes: Uint8Array; contentType: 'image/jpeg' }>;
  /** Draws Russian text on a band at the bottom of the image (the local "text overlay" edit). */
  overlayText(bytes: Uint8Array, text: string): Promise<Uint8Array>;
}
