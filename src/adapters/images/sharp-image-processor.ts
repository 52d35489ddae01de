import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type ImageProcessor, type Watermark } from '../../application/ports/image-processor.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { renderText } from './text-render.ts';

export const CARD = { width: 1200, height: 1600 } as const;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** Decompression-bomb guard for model output and references (≈ 8K × 8K). */
const PIXEL_LIMIT = 64_000_000;
const JPEG = { quality: 88 } as const;

const open = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' });

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('unsupported_media', 'IMAGE_UNREADABLE', '图片无法读取（格式不支持或文件已损坏）');
  }
}

/** A watermark ready to blend: its raw RGBA pixels, the opacity (0..1) to apply, and where it goes. */
type Mark = { readonly rgba: Buffer; readonly width: number; readonly height: number; readonly left: number; readonly top: number; readonly opacity: number };

const MARGIN = 40;

async function prepareMark(mark: Watermark): Promise<Mark | undefined> {
  const opacity = Math.min(100, Math.max(0, mark.opacity)) / 100;
  const source =
    mark.type === 'text'
      ? (await renderText(mark.text, { size: 44, bold: true, color: '#808080', width: CARD.width - 2 * MARGIN }))?.png
      : await open(mark.image)
          .resize({ width: Math.round(CARD.width / 4), height: Math.round(CARD.height / 8), fit: 'inside' })
          .png()
          .toBuffer();
  if (!source) return undefined;
  const { data, info } = await sharp(source).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgba: data, width: info.width, height: info.height, left: CARD.width - MARGIN - info.width, top: CARD.height - MARGIN - info.height, opacity };
}

/**
 * Blends the mark into raw RGB pixels in place. Done here rather than with sharp's composite, which works on
 * the whole 1200×1600 canvas and costs more than the small mark region does by hand.
 */
function blend(rgb: Buffer, mark: Mark): void {
  for (let y = 0; y < mark.height; y += 1) {
    for (let x = 0; x < mark.width; x += 1) {
      const from = (y * mark.width + x) * 4;
      const alpha = (mark.rgba[from + 3]! / 255) * mark.opacity;
      if (alpha === 0) continue;
      const to = ((mark.top + y) * CARD.width + mark.left + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) rgb[to + channel] = Math.round(rgb[to + channel]! * (1 - alpha) + mark.rgba[from + channel]! * alpha);
    }
  }
}

/** sharp-backed local image work: normalising to the marketplace card, references, text overlay. */
export function makeSharpImageProcessor(): ImageProcessor {
  // A suite applies one watermark to every image: render it once per watermark object, not per image.
  const marks = new WeakMap<Watermark, Promise<Mark | undefined>>();
  const markOf = (watermark: Watermark): Promise<Mark | undefined> => {
    let mark = marks.get(watermark);
    if (!mark) {
      mark = prepareMark(watermark);
      marks.set(watermark, mark);
    }
    return mark;
  };
  return {
    normalise: (bytes, watermark) =>
      guard(async () => {
        const mark = watermark ? await markOf(watermark) : undefined;
        const { data, info } = await open(bytes)
          .rotate()
          .resize(CARD.width, CARD.height, { fit: 'contain', background: WHITE })
          .flatten({ background: WHITE })
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        if (mark) blend(data, mark);
        const output = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .jpeg(JPEG)
          .toBuffer();
        return {
          bytes: new Uint8Array(output),
          contentType: 'image/jpeg' as const,
          extension: 'jpg' as const,
          width: CARD.width,
          height: CARD.height,
          sha256: createHash('sha256').update(output).digest('hex'),
        };
      }),

    toReference: (bytes) =>
      guard(async () => {
        const output = await open(bytes)
          .rotate()
          .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: WHITE })
          .jpeg(JPEG)
          .toBuffer();
        return { bytes: new Uint8Array(output), contentType: 'image/jpeg' as const };
      }),

    overlayText: (bytes, text) =>
      guard(async () => {
        const base = await open(bytes)
          .rotate()
          .resize(CARD.width, CARD.height, { fit: 'contain', background: WHITE })
          .flatten({ background: WHITE })
          .png()
          .toBuffer();
        const rendered = await renderText(text, { size: 52, bold: true, color: '#ffffff', width: CARD.width - 120, align: 'centre' });
        if (!rendered) return new Uint8Array(base);
        const bandHeight = rendered.height + 80;
        const band = await sharp({ create: { width: CARD.width, height: bandHeight, channels: 4, background: { r: 20, g: 20, b: 20, alpha: 0.6 } } })
          .png()
          .toBuffer();
        const output = await sharp(base)
          .composite([
            { input: band, left: 0, top: CARD.height - bandHeight },
            { input: rendered.png, left: Math.round((CARD.width - rendered.width) / 2), top: CARD.height - bandHeight + 40 },
          ])
          .png()
          .toBuffer();
        return new Uint8Array(output);
      }),
  };
}
