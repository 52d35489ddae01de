import sharp, { type OverlayOptions } from 'sharp';
import { CARD } from '../images/sharp-image-processor.ts';
import { renderText } from '../images/text-render.ts';

/**
 * Drawing blocks of the offline template cards (1200×1600): the product cut from its photo, text blocks and
 * shapes. Sizes are the card's pixels; the type scale keeps titles ≥ 56 px and selling points ≥ 40 px so the
 * Russian text reads on a phone.
 */
export const TYPE_SCALE = { title: 72, headline: 64, point: 44, caption: 40 } as const;
export const MARGIN = 72;
export const INK = '#1f2329';
export const ACCENT = '#005bff';
export const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

export type Box = { left: number; top: number; width: number; height: number };
export type Crop = { zoom: number; x: number; y: number };

/** Studio backgrounds are near-uniform: pixels this close (per channel) to the corner colour count as background. */
const BACKGROUND_TOLERANCE = 18;

/**
 * The product from its photo: the plain background around it trimmed and what is left of it turned white (so
 * the product stands on the card's white, not in a grey box), then an optional zoomed window.
 */
export async function cutProduct(reference: Uint8Array, crop: Crop | null, greyscale = false): Promise<Buffer> {
  const base = sharp(reference, { limitInputPixels: 64_000_000 }).rotate().removeAlpha();
  let trimmed: Buffer;
  try {
    trimmed = await base.clone().trim({ threshold: 24 }).png().toBuffer();
  } catch {
    trimmed = await base.clone().png().toBuffer(); // a photo with nothing to trim
  }
  const corner = await base.clone().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
  const { data, info } = await sharp(trimmed).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let offset = 0; offset < data.length; offset += 3) {
    if (
      Math.abs(data[offset]! - corner[0]!) <= BACKGROUND_TOLERANCE &&
      Math.abs(data[offset + 1]! - corner[1]!) <= BACKGROUND_TOLERANCE &&
      Math.abs(data[offset + 2]! - corner[2]!) <= BACKGROUND_TOLERANCE
    ) {
      data.fill(255, offset, offset + 3);
    }
  }
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  if (crop) {
    const w = Math.max(1, Math.round(info.width / crop.zoom));
    const h = Math.max(1, Math.round(info.height / crop.zoom));
    image = image.extract({ left: Math.round((info.width - w) * crop.x), top: Math.round((info.height - h) * crop.y), width: w, height: h });
  }
  if (greyscale) image = image.greyscale();
  return image.png().toBuffer();
}

/** Places product pixels into `box` (contain keeps all of it, cover fills the box), centred. */
export async function place(product: Buffer, box: Box, fit: 'contain' | 'cover', background = WHITE): Promise<OverlayOptions> {
  const { data, info } = await sharp(product)
    .resize(box.width, box.height, { fit, background, position: 'centre' })
    .flatten({ background })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, left: box.left + Math.round((box.width - info.width) / 2), top: box.top + Math.round((box.height - info.height) / 2) };
}

/** A filled rectangle with rounded corners (`radius` 0 for square), as an overlay. */
export function shape(box: Box, fill: string, radius = 0): OverlayOptions {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" rx="${radius}" fill="${fill}"/></svg>`;
  return { input: Buffer.from(svg), left: box.left, top: box.top };
}

/** A filled circle of `diameter` at (left, top). */
export function circle(left: number, top: number, diameter: number, fill: string): OverlayOptions {
  const r = diameter / 2;
  return {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${diameter}" height="${diameter}"><circle cx="${r}" cy="${r}" r="${r}" fill="${fill}"/></svg>`,
    ),
    left,
    top,
  };
}

const MAX_TEXT_CHARS = 90;
const cut = (text: string): string => (text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS - 1).trimEnd()}…` : text);

export type TextOptions = { size: number; bold?: boolean; color?: string; width: number; align?: 'left' | 'centre'; left: number; top: number };

/** Text at a position (centred within `width` when asked); answers its overlay and the y below it. */
export async function text(value: string | null, options: TextOptions): Promise<{ overlays: OverlayOptions[]; bottom: number; height: number }> {
  const rendered = value
    ? await renderText(cut(value), { size: options.size, bold: options.bold, color: options.color ?? INK, width: options.width, align: options.align })
    : undefined;
  if (!rendered) return { overlays: [], bottom: options.top, height: 0 };
  const left = options.align === 'centre' ? options.left + Math.round((options.width - rendered.width) / 2) : options.left;
  return { overlays: [{ input: rendered.png, left, top: options.top }], bottom: options.top + rendered.height, height: rendered.height };
}

/** A readable selling-point block: a tinted rounded panel with a round marker and the text at point size. */
export async function pointBlock(
  value: string,
  box: Omit<Box, 'height'>,
  marker: string,
  tint = '#eef4ff',
): Promise<{ overlays: OverlayOptions[]; bottom: number }> {
  const pad = 28;
  const badge = 64;
  const body = await text(value, { size: TYPE_SCALE.point, width: box.width - badge - 3 * pad, left: box.left + badge + 2 * pad, top: 0 });
  const label = await text(marker, { size: TYPE_SCALE.caption, bold: true, color: '#ffffff', width: badge, align: 'centre', left: box.left + pad, top: 0 });
  const height = Math.max(badge, body.height) + 2 * pad;
  const middle = (inner: number) => box.top + Math.round((height - inner) / 2);
  const at = (overlays: OverlayOptions[], top: number) => overlays.map((overlay) => ({ ...overlay, top }));
  return {
    overlays: [
      shape({ ...box, height }, tint, 24),
      circle(box.left + pad, middle(badge), badge, ACCENT),
      ...at(label.overlays, middle(label.height)),
      ...at(body.overlays, middle(body.height)),
    ],
    bottom: box.top + height,
  };
}

/** The card itself: white, with the overlays in order. */
export const card = (overlays: OverlayOptions[], background = WHITE): Promise<Buffer> =>
  sharp({ create: { width: CARD.width, height: CARD.height, channels: 3, background } })
    .composite(overlays)
    .png({ compressionLevel: 1 })
    .toBuffer();
