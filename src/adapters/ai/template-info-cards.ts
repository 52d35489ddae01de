import { type OverlayOptions } from 'sharp';
import { blocks, check, CROPS, H, headline, INNER, type Layout, pick, W } from './template-blocks.ts';
import { ACCENT, cutProduct, MARGIN, place, shape, text, TYPE_SCALE } from './template-layout.ts';

/** The cards that explain the product: its sizes, its material, what is in the box, how to use it, how it compares. */
export const INFO_CARDS: Record<'size_chart' | 'material' | 'package_contents' | 'usage_steps' | 'comparison', Layout> = {
  async size_chart({ texts }, photo) {
    const head = await headline(texts.headline ?? 'Размеры', 50);
    const box = { left: 220, top: head.bottom + 60, width: 760, height: 760 };
    // Dimension lines labelled with the product's own measurements (from its dimensions and weight).
    const value = (label: string) => texts.sizes.find((line) => line.startsWith(label))?.split(': ')[1] ?? null;
    const across = await text(value('Длина') ?? value('Ширина'), {
      size: TYPE_SCALE.caption,
      bold: true,
      color: ACCENT,
      width: box.width,
      align: 'centre',
      left: box.left,
      top: box.top + box.height + 40,
    });
    const up = await text(value('Высота'), { size: TYPE_SCALE.caption, bold: true, color: ACCENT, width: 200, left: 10, top: box.top + box.height / 2 - 25 });
    const lines = [
      shape({ left: box.left, top: box.top + box.height + 24, width: box.width, height: 8 }, ACCENT),
      shape({ left: box.left - 40, top: box.top, width: 8, height: box.height }, ACCENT),
    ];
    const rows = await blocks(
      texts.sizes.length ? texts.sizes : ['Размеры уточняйте в описании'],
      across.bottom + 30,
      { left: MARGIN, width: INNER },
      H - 20,
      (index) => String(index + 1),
      '#f3f6fb',
    );
    return [...head.overlays, await place(await cutProduct(photo, null), box, 'contain'), ...lines, ...across.overlays, ...up.overlays, ...rows];
  },
  async material({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Материал', 50);
    const texture = await place(
      await cutProduct(photo, { zoom: 3, x: 0.5, y: 0.4 }),
      { left: MARGIN, top: head.bottom + 50, width: 520, height: 520 },
      'cover',
    );
    const whole = await place(await cutProduct(photo, null), { left: W - MARGIN - 480, top: head.bottom + 70, width: 480, height: 480 }, 'contain');
    return [
      ...head.overlays,
      shape({ left: MARGIN - 10, top: head.bottom + 40, width: 540, height: 540 }, ACCENT, 30),
      texture,
      whole,
      ...(await blocks(pick(texts.points, copy, 3), head.bottom + 640, { left: MARGIN, width: INNER }, H - 20, check)),
    ];
  },
  async package_contents({ texts }, photo, copy) {
    const head = await headline(texts.headline ?? 'Комплектация', 50);
    const box = { left: MARGIN + 60, top: head.bottom + 60, width: INNER - 120, height: 760 };
    return [
      ...head.overlays,
      shape({ left: box.left - 24, top: box.top - 24, width: box.width + 48, height: box.height + 48 }, '#f3f6fb', 30),
      await place(await cutProduct(photo, null), box, 'contain', { r: 243, g: 246, b: 251, alpha: 1 }),
      ...(await blocks(['Товар — 1 шт.', ...pick(texts.points, copy, 2)], box.top + box.height + 70, { left: MARGIN, width: INNER }, H - 20, (index) =>
        index === 0 ? '1' : '✓',
      )),
    ];
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
    return [
      ...head.overlays,
      ...theirs.overlays,
      ...ours.overlays,
      await place(await cutProduct(photo, null, true), { ...product, left: MARGIN }, 'contain'),
      await place(await cutProduct(photo, null), { ...product, left: MARGIN + half + 40 }, 'contain'),
      ...(await blocks(pick(texts.points, copy, 3), top + 740, { left: MARGIN, width: INNER }, H - 20, check)),
    ];
  },
};
