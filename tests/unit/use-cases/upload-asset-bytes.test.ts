import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeSharpImageNormaliser } from '../../../src/adapters/images/sharp-image-normaliser.ts';
import { makeUploadAssetBytes } from '../../../src/application/use-cases/upload-asset-bytes.ts';
import { MAX_ASSETS_PER_PRODUCT } from '../../../src/domain/media/asset.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';

const png = async (red: number): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp({ create: { width: 4, height: 3, channels: 3, background: { r: red, g: 0, b: 0 } } })
      .png()
      .toBuffer(),
  );
const uploadWith = (kit: CatalogKit) => makeUploadAssetBytes({ ...kit, imageNormaliser: makeSharpImageNormaliser() });

describe('upload asset bytes', () => {
  it('stores the image at once as a stored upload, measured, its bytes in the object store', async () => {
    const kit = catalogKit();
    const product = await kit.given();
    const bytes = await png(200);
    const answer = await uploadWith(kit)({ productId: product.id, bytes, meta: {} });
    const asset = await kit.assets.findById(answer.assetId);
    expect(answer.status).toBe('stored');
    expect(asset).toMatchObject({
      product_id: product.id,
      group_key: 'upload',
      group_name: '上传',
      index: 0,
      status: 'stored',
      width: 4,
      height: 3,
      content_type: 'image/png',
    });
    expect(asset!.dedupe_key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Buffer.from((await kit.objectStore.get(kit.objectStore.keyFromUrl(asset!.stored_url)!))!).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps a stored image of the same dedupe key, and completes an unfinished one with these bytes', async () => {
    const kit = catalogKit();
    const product = await kit.given();
    const upload = uploadWith(kit);
    const first = await upload({ productId: product.id, bytes: await png(10), meta: { dedupeKey: 'photo-1', groupKey: 'main' } });
    expect(await upload({ productId: product.id, bytes: await png(99), meta: { dedupeKey: 'photo-1' } })).toEqual(first);
    const pending = await kit.givenImage(product.id, { status: 'pending', dedupe_key: 'https://img.example/2.jpg', group_key: 'detail' });
    const completed = await upload({ productId: product.id, bytes: await png(50), meta: { dedupeKey: 'https://img.example/2.jpg' } });
    expect(completed).toEqual({ assetId: pending.asset_id, status: 'stored' });
    expect(await kit.assets.findById(pending.asset_id)).toMatchObject({ status: 'stored', group_key: 'detail', width: 4 });
    expect(await kit.assets.countByProduct(product.id)).toBe(2);
    expect((await kit.assets.findById(first.assetId))?.group_key).toBe('main');
  });

  it('files a `generated` claim under uploads, refuses past the image limit (409) and an unknown product (404)', async () => {
    const kit = catalogKit();
    const product = await kit.given();
    const upload = uploadWith(kit);
    const generated = await upload({ productId: product.id, bytes: await png(1), meta: { groupKey: 'generated' } });
    expect((await kit.assets.findById(generated.assetId))?.group_key).toBe('upload');
    const full = await kit.given({ name: 'Полный' });
    await kit.assets.insertMany(Array.from({ length: MAX_ASSETS_PER_PRODUCT }, (_, i) => kit.asset(full.id, i)));
    await expect(upload({ productId: full.id, bytes: await png(2), meta: {} })).rejects.toMatchObject({ code: 'TOO_MANY_ASSETS' });
    await expect(upload({ productId: kit.ids.nth(999), bytes: await png(3), meta: {} })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect(await kit.assets.countByProduct(full.id)).toBe(MAX_ASSETS_PER_PRODUCT);
  });
});
