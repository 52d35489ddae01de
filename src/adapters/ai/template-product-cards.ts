import { blocks, check, CROPS, H, headline, INNER, type Layout, pick, TINTS, W, WHITE_BG_FILL } from './template-blocks.ts';
import { ACCENT, cutProduct, MARGIN, place, shape, text, TYPE_SCALE } from './template-layout.ts';

/** The cards that show the product itself: alone on white, under a title, in a frame, close up, as one variant, edited. */
export const PRODUCT_CARDS: Record<'white_bg' | 'title' | 'selling_points' | 'lifestyle' | 'detail' | 'sku_variant' | 'edit', Layout> = {
  async white_bg(_brief, photo) {
    const box = {
      left: Math.round((W * (1 - WHITE_BG_FILL)) / 2),
      top: Math.round((H * (1 - WHITE_BG_FILL)) / 2),
      width: Math.round(W * WHITE_BG_FILL),
      height: Math.round(H * WHITE_BG_FILL),
    };
    return [await place(await cutProduct(photo, null), box, 'contain')];
  },
  async title({ texts }, photo, copy) {
    const band = await text(texts.headline ?? 'Новинка', {
      size: TYPE_SCALE.title,
      bold: true,
      color: '#ffffff',
      width: INNER,
      align: 'centre',
      left: MARGIN,
      top: 70,
    });
    const bandHeight = band.bottom + 60;
    const point = pick(texts.points, copy, 1);
    const productTop = bandHeight + 40;
    const productHeight = H - productTop - (point.length ? 260 : 60);
    return [
      shape({ left: 0, top: 0, width: W, height: bandHeight }, ACCENT),
      ...band.overlays,
      await place(await cutProduct(photo, null), { left: MARGIN, top: productTop, width: INNER, height: productHeight }, 'contain'),
      ...(await blocks(point, H - 230, { left: MARGIN, width: INNER }, H - 20, check)),
    ];
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
    return [
      shape({ left: 0, top: 0, width: W, height: H }, tint),
      shape(frame, '#ffffff', 36),
      await place(await cutProduct(photo, crop), { left: frame.left + 40, top: frame.top + 40, width: frame.width - 80, height: frame.height - 80 }, 'contain'),
      ...caption.overlays,
      ...(await blocks(pick(texts.points, copy, 1), caption.bottom + 30, { left: MARGIN, width: INNER }, H - 20, check, '#ffffff')),
    ];
  },
  async detail({ texts }, photo, copy) {
    const zoomed = await place(await cutProduct(photo, CROPS[(copy - 1) % CROPS.length]!), { left: 0, top: 0, width: W, height: 1100 }, 'cover');
    const head = await headline(texts.headline ?? 'Детали', 1150);
    return [
      zoomed,
      shape({ left: 0, top: 1100, width: W, height: 12 }, ACCENT),
      ...head.overlays,
      ...(await blocks(pick(texts.points, copy, 1), head.bottom + 30, { left: MARGIN, width: INNER }, H - 20, check)),
    ];
  },
  async sku_variant({ texts }, photo, copy) {
    const label = await text(texts.variant ?? texts.headline, {
      size: TYPE_SCALE.title,
      bold: true,
      color: '#ffffff',
      width: INNER,
      align: 'centre',
      left: MARGIN,
      top: H - 190,
    });
    return [
      await place(
        await cutProduct(photo, copy > 1 ? CROPS[(copy - 1) % CROPS.length]! : null),
        { left: MARGIN, top: MARGIN, width: INNER, height: 1200 },
        'contain',
      ),
      shape({ left: 0, top: H - 250, width: W, height: 250 }, ACCENT),
      ...label.overlays,
    ];
  },
  async edit(_brief, photo) {
    return [await place(await cutProduct(photo, null), { left: MARGIN, top: MARGIN, width: INNER, height: H - 2 * MARGIN }, 'contain')];
  },
};
