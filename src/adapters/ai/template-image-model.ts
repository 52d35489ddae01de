import sharp, { type OverlayOptions } from 'sharp';
import { type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { CARD } from './sharp-image-processor.ts';
import { renderText } from './text-render.ts';

/**
 * The offline `template` family (DECISIONS §6): composes marketplace cards with sharp from the reference
 * images and the Russian texts of the brief. No network, always configured, deterministic for equal input.
 */
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const INK = '#1f2329';
const ACCENT = { r: 0, g: 91, b: 255, alpha: 1 };
const MARGIN = 80;

type Box = { left: number; top: number; width: number; height: number };

async function placeProduct(reference: Uint8Array | undefined, box: Box, fit: 'contain' | 'cover'): Promise<OverlayOptions[]> {
  if (!reference) {
    const placeholder = await sharp({ create: { width: box.width, height: box.height, channels: 3, background: { r: 238, g: 240, b: 243 } } }).png().toBuffer();
    return [{ input: placeholder, left: box.left, top: box.top }];
  }
  const { data, info } = await sharp(reference, { limitInputPixels: 64_000_000 })
    .rotate()
    .resize(box.width, box.height, { fit, background: WHITE, position: 'centre' })
    .flatten({ background: WHITE })
    .png()
    .toBuffer({ resolveWithObject: true });
  return [{ input: data, left: box.left + Math.round((box.width - info.width) / 2), top: box.top + Math.round((box.height - info.height) / 2) }];
}

/** Longer headlines are cut so the product keeps most of the card (at most four lines at 60 px). */
const MAX_HEADLINE_CHARS = 90;
const fitHeadline = (text: string): string => (text.length > MAX_HEADLINE_CHARS ? `${text.slice(0, MAX_HEADLINE_CHARS - 1).trimEnd()}…` : text);

async function textBlock(text: string | null, top: number, size: number, bold: boolean, color = INK): Promise<{ overlays: OverlayOptions[]; bottom: number }> {
  const rendered = text ? await renderText(fitHeadline(text), { size, bold, color, width: CARD.width - 2 * MARGIN, align: 'centre' }) : undefined;
  if (!rendered) return { overlays: [], bottom: top };
  return { overlays: [{ input: rendered.png, left: Math.round((CARD.width - rendered.width) / 2), top }], bottom: top + rendered.height };
}

async function listBlock(lines: readonly string[], top: number, limit: number): Promise<OverlayOptions[]> {
  const overlays: OverlayOptions[] = [];
  let y = top;
  for (const line of lines) {
    const rendered = await renderText(`•  ${line}`, { size: 40, color: INK, width: CARD.width - 2 * MARGIN });
    if (!rendered || y + rendered.height > limit) break;
    overlays.push({ input: rendered.png, left: MARGIN, top: y });
    y += rendered.height + 24;
  }
  return overlays;
}

const solid = (width: number, height: number): Promise<Buffer> => sharp({ create: { width, height, channels: 4, background: ACCENT } }).png().toBuffer();

async function compose(request: ImageRequest): Promise<Buffer> {
  const { brief } = request;
  const reference = request.references[0]?.bytes;
  const texts = brief.texts;
  const overlays: OverlayOptions[] = [];
  switch (brief.kind) {
    case 'white_bg': {
      const width = Math.round(CARD.width * 0.85);
      const height = Math.round(CARD.height * 0.85);
      overlays.push(...(await placeProduct(reference, { left: (CARD.width - width) / 2, top: (CARD.height - height) / 2, width, height }, 'contain')));
      break;
    }
    case 'size_chart': {
      const box = { left: 200, top: 160, width: 800, height: 900 };
      overlays.push(...(await placeProduct(reference, box, 'contain')));
      overlays.push({ input: await solid(box.width, 6), left: box.left, top: box.top + box.height + 30 });
      overlays.push({ input: await solid(6, box.height), left: box.left - 40, top: box.top });
      const heading = await textBlock(texts.headline ?? 'Размеры', 40, 56, true);
      overlays.push(...heading.overlays, ...(await listBlock(texts.sizes, box.top + box.height + 80, CARD.height - MARGIN)));
      break;
    }
    case 'sku_variant': {
      overlays.push(...(await placeProduct(reference, { left: MARGIN, top: MARGIN, width: CARD.width - 2 * MARGIN, height: 1200 }, 'contain')));
      const band = await solid(CARD.width, 240);
      overlays.push({ input: band, left: 0, top: CARD.height - 240 });
      overlays.push(...(await textBlock(texts.variant ?? texts.headline, CARD.height - 180, 60, true, '#ffffff')).overlays);
      break;
    }
    case 'detail': {
      const heading = await textBlock(texts.headline, 60, 56, true);
      overlays.push(...heading.overlays);
      overlays.push(...(await placeProduct(reference, { left: 0, top: heading.bottom + 60, width: CARD.width, height: CARD.height - heading.bottom - 60 }, 'cover')));
      break;
    }
    default: {
      // Headline on top, the product in the middle, selling points below: title, selling_points, lifestyle, …
      const heading = await textBlock(texts.headline, 70, 60, true);
      overlays.push(...heading.overlays);
      const points = brief.kind === 'title' ? texts.points.slice(0, 1) : texts.points.slice(0, 5);
      const productHeight = points.length > 0 ? 900 : 1250;
      const top = heading.bottom + 50;
      overlays.push(...(await placeProduct(reference, { left: MARGIN, top, width: CARD.width - 2 * MARGIN, height: productHeight }, 'contain')));
      overlays.push(...(await listBlock(points, top + productHeight + 50, CARD.height - 40)));
    }
  }
  return sharp({ create: { width: CARD.width, height: CARD.height, channels: 3, background: WHITE } }).composite(overlays).png({ compressionLevel: 1 }).toBuffer();
}

export function makeTemplateImageModel(): ImageModel {
  return {
    family: 'template',
    buildPrompt: ({ brief }) => [brief.kind, brief.texts.headline, ...brief.texts.points, ...brief.texts.sizes].filter(Boolean).join(' | '),
    async generate(request) {
      return { bytes: new Uint8Array(await compose(request)), contentType: 'image/png' };
    },
  };
}
