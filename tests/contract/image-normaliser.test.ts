import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeSharpImageNormaliser } from '../../src/adapters/images/sharp-image-normaliser.ts';
import { DomainError } from '../../src/domain/common/errors.ts';
import { makeCdnImages } from '../fakes/cdn.ts';

const codeOf = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof DomainError ? `${error.kind}:${error.code}` : String(error)),
  );

describe('ImageNormaliser contract: sharp adapter', () => {
  const normaliser = makeSharpImageNormaliser();

  it('keeps upright JPEG and PNG byte for byte', async () => {
    const images = await makeCdnImages();
    for (const [bytes, type] of [
      [images.jpeg, 'image/jpeg'],
      [images.png, 'image/png'],
    ] as const) {
      const result = await normaliser.normalise(new Uint8Array(bytes));
      expect(result).toMatchObject({ contentType: type, width: 320, height: 240 });
      expect(Buffer.from(result.bytes).equals(bytes)).toBe(true);
      expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('converts WebP, GIF and AVIF to JPEG, flattening transparency on white', async () => {
    const transparent = sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
    for (const bytes of [
      await transparent.clone().webp().toBuffer(),
      await transparent.clone().gif().toBuffer(),
      await transparent.clone().avif().toBuffer(),
    ]) {
      const result = await normaliser.normalise(new Uint8Array(bytes));
      expect(result).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 40, height: 30 });
      const { data } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
      expect(Math.min(...data)).toBeGreaterThan(240);
    }
  });

  it('applies EXIF rotation', async () => {
    const result = await normaliser.normalise(new Uint8Array((await makeCdnImages()).rotated));
    expect(result).toMatchObject({ contentType: 'image/jpeg', width: 100, height: 200 });
    expect((await sharp(result.bytes).metadata()).orientation ?? 1).toBe(1);
  });

  it('refuses non-images, truncated images and pixel bombs', async () => {
    const images = await makeCdnImages();
    expect(await codeOf(normaliser.normalise(new Uint8Array(Buffer.from('<svg/>'))))).toBe('unsupported_media:IMAGE_UNSUPPORTED');
    expect(await codeOf(normaliser.normalise(new Uint8Array(images.webp.subarray(0, 20))))).toBe('unsupported_media:IMAGE_UNSUPPORTED');
    expect(await codeOf(normaliser.normalise(new Uint8Array(images.bomb)))).toBe('too_large:IMAGE_TOO_MANY_PIXELS');
    const small = makeSharpImageNormaliser({ pixelLimit: 1000 });
    expect(await codeOf(small.normalise(new Uint8Array(images.jpeg)))).toBe('too_large:IMAGE_TOO_MANY_PIXELS');
  });
});
