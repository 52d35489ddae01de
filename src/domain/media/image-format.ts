/** docs/decisions.md, Images and uploads: the largest image taken, downloaded or uploaded (20 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Image formats recognised from their first bytes (Content-Type headers lie, or say octet-stream). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const CONTENT_TYPE_OF: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The file name extension of each format. */
export const EXTENSION_OF: Readonly<Record<ImageFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));

/** The format named by the file's magic bytes, or undefined when it is none we accept. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return undefined;
}

/** Formats the marketplace takes as they are; the others are converted to JPEG. */
export const isMarketplaceFormat = (format: ImageFormat): boolean => format === 'jpeg' || format === 'png';
