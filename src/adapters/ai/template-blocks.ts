import { type OverlayOptions } from 'sharp';
import { type ImageBrief } from '../../application/ports/image-model.ts';
import { CARD } from '../images/sharp-image-processor.ts';
import { type Box, type Crop, MARGIN, pointBlock, text, TYPE_SCALE } from './template-layout.ts';

/** Shared pieces of the template cards' layouts: the card's geometry, crops and tints, and lists of selling points. */
export const W = CARD.width;
export const H = CARD.height;
export const INNER = W - 2 * MARGIN;
/** The white-background image: the product's longer side fills 80 % of the card (marketplaces ask ~75–85 %). */
export const WHITE_BG_FILL = 0.8;
export const CROPS: readonly Crop[] = [
  { zoom: 1.8, x: 0.5, y: 0.5 },
  { zoom: 2.2, x: 0.15, y: 0.2 },
  { zoom: 2.2, x: 0.85, y: 0.8 },
];
export const TINTS = ['#f3f6fb', '#fbf5ee', '#eef7f1'];

/** `count` points starting where the previous copy of this kind stopped, so each copy carries other points. */
export const pick = (points: readonly string[], copy: number, count: number): string[] =>
  points.length === 0 ? [] : Array.from({ length: Math.min(count, points.length) }, (_, index) => points[((copy - 1) * count + index) % points.length]!);

/** Points stacked down from `top`, each behind its marker (a number or ✓); those that would pass `limit` are left out. */
export async function blocks(
  points: readonly string[],
  top: number,
  box: Omit<Box, 'top' | 'height'>,
  limit: number,
  marker: (index: number) => string,
  tint?: string,
): Promise<OverlayOptions[]> {
  const overlays: OverlayOptions[] = [];
  let y = top;
  for (const [index, point] of points.entries()) {
    const block = await pointBlock(point, { ...box, top: y }, marker(index), tint);
    if (block.bottom > limit) break;
    overlays.push(...block.overlays);
    y = block.bottom + 24;
  }
  return overlays;
}

/** One kind's card: the overlays drawn over the white card, from the brief, the reference photo and the copy number. */
export type Layout = (brief: ImageBrief, photo: Uint8Array, copy: number) => Promise<OverlayOptions[]>;

/** A card's headline, centred across the inner width. */
export const headline = (value: string | null, top: number, color?: string) =>
  text(value, { size: TYPE_SCALE.headline, bold: true, width: INNER, align: 'centre', left: MARGIN, top, color });
/** The marker of a plain selling point. */
export const check = () => '✓';
