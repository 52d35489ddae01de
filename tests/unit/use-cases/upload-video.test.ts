import { describe, expect, it } from 'vitest';
import { makeMp4boxDurationReader } from '../../../src/adapters/images/mp4box-duration-reader.ts';
import { makeUploadVideo } from '../../../src/application/use-cases/upload-video.ts';
import { tinyMp4 } from '../../fakes/tiny-mp4.ts';
import { catalogKit } from './catalog-kit.ts';

const MAX_BYTES = 500_000;

/** The upload on the in-memory catalog and object store, with the real mp4box duration reader. */
async function uploadKit() {
  const kit = catalogKit();
  const product = await kit.given();
  const uploadVideo = makeUploadVideo({ ...kit, durationReader: makeMp4boxDurationReader(), maxBytes: MAX_BYTES });
  /** The file as a request body would bring it: in pieces of 64 KB. */
  const body = async function* (file: Buffer): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < file.length; at += 65_536) yield file.subarray(at, at + 65_536);
  };
  return { ...kit, product, uploadVideo, body };
}

describe('upload video', () => {
  it('stores the bytes as they came, with the format told by the bytes and the duration read from the file', async () => {
    const kit = await uploadKit();
    const file = tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 });
    const { assetId, status } = await kit.uploadVideo({ productId: kit.product.id, body: kit.body(file), meta: { type: 'video', groupName: '上传视频' } });
    expect(status).toBe('stored');
    const asset = await kit.assets.findById(assetId);
    expect(asset).toMatchObject({ type: 'video', group_key: 'upload', content_type: 'video/mp4', bytes: file.length, duration_ms: 12_500 });
    expect(Buffer.from((await kit.objectStore.get(kit.objectStore.keyFromUrl(asset!.stored_url)!))!)).toEqual(file);
  });

  it('keeps the first copy when the same clip (dedupe key) comes again, reading the second to its end', async () => {
    const kit = await uploadKit();
    const file = tinyMp4({ durationMs: 20_000 });
    const first = await kit.uploadVideo({ productId: kit.product.id, body: kit.body(file), meta: { dedupeKey: 'own-clip' } });
    const again = await kit.uploadVideo({ productId: kit.product.id, body: kit.body(file), meta: { dedupeKey: 'own-clip' } });
    expect(again.assetId).toBe(first.assetId);
    expect(await kit.assets.countByProduct(kit.product.id)).toBe(1);
    expect(kit.objectStore.keys()).toHaveLength(1);
  });

  it.each([
    ['a JPEG posing as a video', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5_000)]), 'VIDEO_NOT_RECOGNISED'],
    ['a 3-second clip', tinyMp4({ durationMs: 3_000 }), 'VIDEO_DURATION_OUT_OF_RANGE'],
    ['a 6-minute clip', tinyMp4({ durationMs: 360_000 }), 'VIDEO_DURATION_OUT_OF_RANGE'],
    ['a file over MAX_VIDEO_BYTES', tinyMp4({ durationMs: 12_500, mdatBytes: MAX_BYTES + 1 }), 'VIDEO_TOO_LARGE'],
  ])('refuses %s and keeps nothing', async (_name, file, code) => {
    const kit = await uploadKit();
    await expect(kit.uploadVideo({ productId: kit.product.id, body: kit.body(file), meta: {} })).rejects.toMatchObject({ code });
    expect(await kit.assets.countByProduct(kit.product.id)).toBe(0);
    expect(kit.objectStore.keys()).toEqual([]);
  });

  it('refuses a product that does not exist (404) before reading the body', async () => {
    const kit = await uploadKit();
    await expect(kit.uploadVideo({ productId: kit.ids.nth(99), body: kit.body(tinyMp4({ durationMs: 12_500 })), meta: {} })).rejects.toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});
