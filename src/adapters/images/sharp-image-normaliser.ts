import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type ImageNormaliser, type NormalisedImage } from '../../application/ports/image-normaliser.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { type ImageFormat, isMarketplaceFormat, sniffImageFormat } from '../../domain/media/image-format.ts';

/** 40 megapixels: far above any product photo, far below what a decompression bomb needs. */
export const DEFAULT_PIXEL_LIMIT = 40_000_000;
const JPEG_QUALITY = 90;

const unsupported = (): DomainError => new DomainError('unsupported_media', 'IMAGE_UNSUPPORTED', '不支持的图片格式（仅支持 JPEG、PNG、WebP、AVIF、GIF）');
const tooManyPixels = (limit: number): DomainError =>
  new DomainError('too_large', 'IMAGE_TOO_MANY_PIXELS', `图片像素过多（上限 ${Math.round(limit / 1_000_000)} 百万像素）`);

const sha256 = (body: Uint8Array): string => createHash('sha256').update(body).digest('hex');

/** What sharp's decoder calls each format we sniff (AVIF is read by its HEIF loader). */
const DECODER_FORMAT: Readonly<Record<ImageFormat, string>> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

/**
 * The header as the decoder reads it, not as the first bytes claim: a file that only starts like a JPEG (an HTML page
 * behind `FF D8 FF`) is refused, as is one whose decoder finds another format or no dimensions.
 */
async function decodedHeader(bytes: Uint8Array, pixelLimit: number): Promise<{ format: ImageFormat; meta: sharp.Metadata; width: number; height: number }> {
  const format = sniffImageFormat(bytes);
  if (!format) throw unsupported();
  let meta: sharp.Metadata;
  try {
    // Reads the header only, so the pixel count can be refused with its own message before any decoding.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  const { width, height } = meta;
  if (meta.format !== DECODER_FORMAT[format] || !width || !height) throw unsupported();
  if (width * height > pixelLimit) throw tooManyPixels(pixelLimit);
  return { format, meta, width, height };
}

/**
 * sharp: JPEG and PNG that need no rotation are kept byte for byte (no generation loss); rotated JPEGs and
 * WebP/AVIF/GIF (first frame) are re-encoded as JPEG on white. The pixel limit is checked from the header
 * before any decoding, and again by sharp itself.
 */
export function makeSharpImageNormaliser({ pixelLimit = DEFAULT_PIXEL_LIMIT }: { pixelLimit?: number } = {}): ImageNormaliser {
  return {
    async normalise(bytes): Promise<NormalisedImage> {
      const { format, meta, width, height } = await decodedHeader(bytes, pixelLimit);
      const input = () => sharp(bytes, { limitInputPixels: pixelLimit, failOn: 'error' });
      const rotated = (meta.orientation ?? 1) !== 1;
      if (isMarketplaceFormat(format) && !rotated) {
        const contentType = format === 'png' ? 'image/png' : 'image/jpeg';
        return { bytes, contentType, extension: format === 'png' ? 'png' : 'jpg', width, height, sha256: sha256(bytes) };
      }
      try {
        const { data, info } = await input()
          .rotate()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
          .toBuffer({ resolveWithObject: true });
        const converted = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        return { bytes: converted, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height, sha256: sha256(converted) };
      } catch {
        throw unsupported();
      }
    },
    async verify(bytes) {
      return (await decodedHeader(bytes, pixelLimit)).format;
    },
  };
}
