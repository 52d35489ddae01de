import { type OverlayOptions } from 'sharp';
import { type ImageBrief, type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { noReference } from './template-errors.ts';
import { ACCENT, type Box, type Crop, card, cutProduct, MARGIN, place, pointBlock, shape, text, TYPE_SCALE } from './template-layout.ts';
import { CARD } from '../images/sharp-image-processor.ts';

/**
 * The offline `template` family (DECISIONS §6, §9.4): composes marketplace cards with sharp from the reference
 * image and the Russian texts of the brief. Each kind has its own layout, and a repeated kind (`copy` 2, 3)
 * shows another crop and other selling points, so no two images of a suite are alike. Deterministic.
 */
const W = CARD.width;
const H = CARD.height;
const INNER = W - 2 * MARGIN;
/** The white-background image: the product's longer side fills 80 % of the card (marketplaces ask ~75–85 %). */
export const WHITE_BG_FILL = 0.8;
const CROPS: readonly Crop[] = [
  { zoom: 1.8, x: 0.5, y: 0.5 },
  { zoom: 2.2, x: 0.15, y: 0.2 },
  { zoom: 2.2, x: 0.85, y: 0.8 },
];
const TINTS = ['#f3f6fb', '#fbf5ee', '#eef7f1'];

/** `count` points starting where the previous copy of this kind stopped, so each copy carries other points. */
const pick = (points: readonly string[], copy: number, count: number): string[] =>
  points.length === 0 ? [] : Array.from({ length: Math.min(count, points.length) }, (_, index) => points[((copy - 1) * count + index) % points.length]!);

async function blocks(points: readonly string[], top: number, box: Omit<Box, 'top' | 'height'>, limit: number, marker: (index: number) => string, tint?: string): Promise<OverlayOptions[]> {
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

type Layout = (brief: ImageBrief, photo: Uint8Array, copy: number) => Promise<OverlayOptions[]>;

const headline = (value: string | null, top: number, color?: string) => text(value, { size: TYPE_SCALE.headline, bold: true, width: INNER, align: 'centre', left: MARGIN, top, color });
const check = () => '✓';

const LAYOUTS: Record<ImageBrief['kind'], Layout> = {
  async white_bg(_brief, photo) {
    const box = { left: Math.round((W * (1 - WHITE_BG_FILL)) / 2), top: Math.round((H * (1 - WHITE_BG_FILL)) / 2), width: Math.round(W * WHITE_BG_FILL), height: Math.round(H * WHITE_BG_FILL) };
    return [await place(await cutProduct(photo, null), box, 'contain')];
  },
  async title({ texts }, photo, copy) {
    const band = await text(texts.headline ?? 'Новинка', { size: TYPE_SCALE.title, bold: true, color: '#ffffff', width: INNER, align: 'centre', left: MARGIN, top: 70 });
    const bandHeight = band.bottom + 60;
    const point = pick(texts.points, copy, 1);
    const productTop = bandHeight + 40;
    const productHeight = H - productTop - (point.length ? 260 : 60);
    return [shape({ left: 0, top: 0, width: W, height: bandHeight }, ACCENT), ...band.overlays, await place(await cutProduct(photo, null), { left: MARGIN, top: productTop, width: INNER, height: productHeight }, 'contain'), ...(await blocks(point, H - 230, { left: MARGIN, width: INNER }, H - 20, check))];
  },
  async selling_points({ texts }, photo, copy) {
    const head = await headline(texts.headline, 60);
    const mirrored = copy % 2 === 0;
    const productBox = { left: mirrored ? W - MARGIN - 440 : MARGIN, top: head.bottom + 50, width: 440, height: 700 };
    const column = { left: mirrored ? MARGIN : MARGIN + 480, width: INNER - 480 };
    const product = await place(await cutProduct(photo, copy > 1 ? CROPS[(copy - 1) % CROPS.length]! : null), productBox, 'contain');
    const listTop = head.bottom + 50;
    return [...head.overlays, product, ...(await blocks(pick(texts.points, copy, 4), listTop, column, H - MARGIN, (index) => String(index + 1)))];
  },
  async lifestyle({ texts }, photo, copy) {
    const tint = TINTS[(copy - 1) % TINTS.length]!;
    const frame = { left: MARGIN, top: MARGIN, width: INNER, height: 1080 };
    const caption = await headline(texts.headline, frame.top + frame.height + 50);
    const crop = copy === 1 ? null : { zoom: 1.3, x: copy % 2 ? 0.2 : 0.8, y: 0.5 };
    return [shape({ left: 0, top: 0, width: W, height: H }, tint), shape(frame, '#ffffff', 36), await place(await cutProduct(photo, crop), { left: frame.left + 40, top: frame.top + 40, width: frame.width - 80, height: frame.height - 80 }, 'contain'), ...caption.overlays, ...(await blocks(pick(texts.points, copy, 1), caption.bottom + 30, { left: MARGIN, width: INNER }, H - 20, check, '#ffffff'))];
  },
  async detail({ texts }, photo, copy) {
    const zoomed = await place(await cutProduct(photo, CROPS[(copy - 1) % CROPS.length]!), { left: 0, top: 0, width: W, height: 1100 }, 'cover');
    const head = await headline(texts.headline ?? 'Детали', 1150);
    return [zoomed, shape({ left: 0, top: 1100, width: W, height: 12 }, ACCENT), ...head.overlays, ...(await blocks(pick(texts.points, copy, 1), head.bottom + 30, { left: MARGIN, width: INNER }, H - 20, check))];
  },
  async size_chart({ texts }, photo) {
    const head = await headline(texts.headline ?? 'Размеры', 50);
    const box = { left: 220, top: head.bottom + 60, width: 760, height: 760 };
    // Dimension lines labelled with the product's own measurements (from its dimensions and weight).
    const value = (label: string) => texts.sizes.find((line) => line.startsWith(label))?.split(': ')[1] ?? null;
    const across = await text(value('Длина') ?? value('Ширина'), { size: TYPE_SCALE.caption, bold: true, color: ACCENT, width: box.width, align: 'centre', left: box.left, top: box.top + box.height + 40 });
    const up = await text(value('Высота'), { size: TYPE_SCALE.caption, bold: true, color: ACCENT, width: 200, left: 10, top: box.top + box.height / 2 - 25 });
    const lines = [shape({ left: box.left, top: box.top + box.height + 24, width: box.width, height: 8 }, ACCENT), shape({ left: box.left - 40, top: box.top, width: 8, height: box.height }, ACCENT)];
    const rows = await blocks(texts.sizes.length ? texts.sizes : ['Размеры уточняйте в описании'], across.bottom + 30, { left: MARGIN, width: INNER }, H - 20, (index) => String(index + 1), '#f3f6fb');
    return [...head.overlays, await place(await cutProduct(photo, null), box, 'contain'), ...lines, ...across.overlays, ...up.overlays, ...rows];
  },
  async material({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Материал', 50);
    const texture = await place(await cutProduct(photo, { zoom: 3, x: 0.5, y: 0.4 }), { left: MARGIN, top: head.bottom + 50, width: 520, height: 520 }, 'cover');
    const whole = await place(await cutProduct(photo, null), { left: W - MARGIN - 480, top: head.bottom + 70, width: 480, height: 480 }, 'contain');
    return [...head.overlays, shape({ left: MARGIN - 10, top: head.bottom + 40, width: 540, height: 540 }, ACCENT, 30), texture, whole, ...(await blocks(pick(texts.points, copy, 3), head.bottom + 640, { left: MARGIN, width: INNER }, H - 20, check))];
  },
  async package_contents({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Комплектация', 50);
    const box = { left: MARGIN + 60, top: head.bottom + 60, width: INNER - 120, height: 760 };
    return [...head.overlays, shape({ left: box.left - 24, top: box.top - 24, width: box.width + 48, height: box.height + 48 }, '#f3f6fb', 30), await place(await cutProduct(photo, null), box, 'contain', { r: 243, g: 246, b: 251, alpha: 1 }), ...(await blocks(['Товар — 1 шт.', ...pick(texts.points, copy, 2)], box.top + box.height + 70, { left: MARGIN, width: INNER }, H - 20, (index) => (index === 0 ? '1' : '✓')))];
  },
  async usage_steps({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Как пользоваться', 50);
    const steps = [...pick(texts.points, copy, 3), 'Распакуйте', 'Установите', 'Пользуйтесь'].slice(0, 3);
    const overlays: OverlayOptions[] = [...head.overlays];
    let y = head.bottom + 50;
    for (const [index, step] of steps.entries()) {
      overlays.push(await place(await cutProduct(photo, CROPS[index]!), { left: MARGIN, top: y, width: 360, height: 360 }, 'cover'));
      overlays.push(...(await blocks([step], y + 90, { left: MARGIN + 390, width: INNER - 390 }, y + 360, () => String(index + 1))));
      y += 400;
    }
    return overlays;
  },
  async comparison({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Сравнение', 50);
    const half = (INNER - 40) / 2;
    const top = head.bottom + 50;
    const ours = await text('Наш товар', { size: TYPE_SCALE.point, bold: true, color: ACCENT, width: half, align: 'centre', left: MARGIN + half + 40, top });
    const theirs = await text('Обычный', { size: TYPE_SCALE.point, bold: true, color: '#8a9099', width: half, align: 'centre', left: MARGIN, top });
    const product = { top: top + 80, width: half, height: 620 };
    return [...head.overlays, ...theirs.overlays, ...ours.overlays, await place(await cutProduct(photo, null, true), { ...product, left: MARGIN }, 'contain'), await place(await cutProduct(photo, null), { ...product, left: MARGIN + half + 40 }, 'contain'), ...(await blocks(pick(texts.points, copy, 3), top + 740, { left: MARGIN, width: INNER }, H - 20, check))];
  },
  async sku_variant({ texts }, photo, copy) {
    const label = await text(texts.variant ?? texts.headline, { size: TYPE_SCALE.title, bold: true, color: '#ffffff', width: INNER, align: 'centre', left: MARGIN, top: H - 190 });
    return [await place(await cutProduct(photo, copy > 1 ? CROPS[(copy - 1) % CROPS.length]! : null), { left: MARGIN, top: MARGIN, width: INNER, height: 1200 }, 'contain'), shape({ left: 0, top: H - 250, width: W, height: 250 }, ACCENT), ...label.overlays];
  },
  async edit(_brief, photo) {
    return [await place(await cutProduct(photo, null), { left: MARGIN, top: MARGIN, width: INNER, height: H - 2 * MARGIN }, 'contain')];
  },
};

export function makeTemplateImageModel(): ImageModel {
  return {
    family: 'template',
    buildPrompt: ({ brief }) => [brief.kind, brief.texts.headline, ...brief.texts.points, ...brief.texts.sizes].filter(Boolean).join(' | '),
    async generate(request: ImageRequest) {
      const photo = request.references[0]?.bytes;
      if (!photo) throw noReference();
      const overlays = await LAYOUTS[request.brief.kind](request.brief, photo, request.brief.copy ?? 1);
      return { bytes: new Uint8Array(await card(overlays)), contentType: 'image/png' };
    },
  };
}
