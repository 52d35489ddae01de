import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD } from '../../../src/adapters/images/sharp-image-processor.ts';
import { TYPE_SCALE } from '../../../src/adapters/ai/template-layout.ts';
import { makeTemplateImageModel } from '../../../src/adapters/ai/template-image-model.ts';
import { renderText } from '../../../src/adapters/images/text-render.ts';
import { type ImageBrief } from '../../../src/application/ports/image-model.ts';

const model = makeTemplateImageModel();
const brief = (kind: ImageBrief['kind']): ImageBrief => ({
  kind,
  title: '',
  detail: '',
  prompt_hint: '',
  style_prompt: null,
  requirements: null,
  texts: { headline: 'Полка для ванной', points: ['Нержавеющая сталь'], sizes: ['Длина: 30 см'], variant: null },
});

/** A product photo as sellers have them: the product (a tall box) on a light studio background. */
async function photo(): Promise<Uint8Array> {
  const product = await sharp({ create: { width: 300, height: 500, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 246, g: 246, b: 246 } } })
      .composite([{ input: product, gravity: 'centre' }])
      .jpeg()
      .toBuffer(),
  );
}

describe('template cards a seller would upload', () => {
  it('lets the product fill 75–85 % of the white-background image, whatever margin the photo had', async () => {
    const image = await model.generate({ brief: brief('white_bg'), references: [{ bytes: await photo(), contentType: 'image/jpeg' }] });
    const { data, info } = await sharp(Buffer.from(image.bytes)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([CARD.width, CARD.height]);
    let [top, bottom, left, right] = [info.height, 0, info.width, 0];
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        const offset = (y * info.width + x) * info.channels;
        if (data[offset]! < 235 || data[offset + 1]! < 235 || data[offset + 2]! < 235)
          [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
      }
    }
    const fill = Math.max((right - left + 1) / info.width, (bottom - top + 1) / info.height);
    expect(fill).toBeGreaterThanOrEqual(0.75);
    expect(fill).toBeLessThanOrEqual(0.85);
  });

  it('sets titles at ≥ 56 px and selling points at ≥ 40 px on the 1200×1600 card', async () => {
    expect(CARD).toEqual({ width: 1200, height: 1600 });
    expect(Math.min(TYPE_SCALE.title, TYPE_SCALE.headline)).toBeGreaterThanOrEqual(56);
    expect(Math.min(TYPE_SCALE.point, TYPE_SCALE.caption)).toBeGreaterThanOrEqual(40);
    // Sizes are the font's pixel size (as CSS font-size: 56px); the title's capitals are over 50 px of ink.
    const line = await renderText('ПОЛКА', { size: TYPE_SCALE.title, bold: true, color: '#000000', width: 1000 });
    expect(line!.height).toBeGreaterThanOrEqual(52);
  });

  it('refuses to compose without a product photo (422 NO_REFERENCE_IMAGE) instead of a grey placeholder', async () => {
    await expect(model.generate({ brief: brief('title'), references: [] })).rejects.toMatchObject({ code: 'NO_REFERENCE_IMAGE', kind: 'invalid' });
  });
});
