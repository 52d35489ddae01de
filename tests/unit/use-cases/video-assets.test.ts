import { describe, expect, it } from 'vitest';
import { makeDeleteVideo } from '../../../src/application/use-cases/delete-video.ts';
import { makeSetVideoCover } from '../../../src/application/use-cases/set-video-cover.ts';
import { type Asset } from '../../../src/domain/media/asset.ts';
import { catalogKit } from './catalog-kit.ts';

/** The catalog kit with the two video use cases wired on its in-memory adapters. */
function videoKit() {
  const kit = catalogKit();
  const givenVideo = (productId: string, fields: Partial<Asset> = {}): Promise<Asset> =>
    kit.givenImage(productId, { type: 'video', group_key: 'main', content_type: 'video/mp4', ...fields });
  return {
    ...kit,
    givenVideo,
    setVideoCover: makeSetVideoCover({ products: kit.products, assets: kit.assets }),
    deleteVideo: makeDeleteVideo({ products: kit.products, assets: kit.assets, objectStore: kit.objectStore }),
  };
}

describe('set video cover', () => {
  it('marks one stored video as the cover, moving the mark from the one before; null clears it', async () => {
    const kit = videoKit();
    const product = await kit.given();
    const first = await kit.givenVideo(product.id);
    const second = await kit.givenVideo(product.id);
    expect(await kit.setVideoCover({ productId: product.id, assetId: first.asset_id })).toEqual({ productId: product.id, coverAssetId: first.asset_id });
    await kit.setVideoCover({ productId: product.id, assetId: second.asset_id });
    const covers = async () => (await kit.assets.listByProduct(product.id)).filter((asset) => asset.video_cover).map((asset) => asset.asset_id);
    expect(await covers()).toEqual([second.asset_id]);
    await kit.setVideoCover({ productId: product.id, assetId: null });
    expect(await covers()).toEqual([]);
  });

  it('refuses a video not yet stored (409), a picture (409), another product’s video and a missing product (404)', async () => {
    const kit = videoKit();
    const product = await kit.given();
    const other = await kit.given();
    const pending = await kit.givenVideo(product.id, { status: 'pending' });
    const picture = await kit.givenImage(product.id);
    const foreign = await kit.givenVideo(other.id);
    await expect(kit.setVideoCover({ productId: product.id, assetId: pending.asset_id })).rejects.toMatchObject({ code: 'VIDEO_NOT_STORED' });
    await expect(kit.setVideoCover({ productId: product.id, assetId: picture.asset_id })).rejects.toMatchObject({ code: 'NOT_A_VIDEO' });
    await expect(kit.setVideoCover({ productId: product.id, assetId: foreign.asset_id })).rejects.toMatchObject({ code: 'VIDEO_NOT_FOUND' });
    await expect(kit.setVideoCover({ productId: kit.ids.nth(99), assetId: null })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await kit.assets.listByProduct(product.id)).some((asset) => asset.video_cover)).toBe(false);
  });
});

describe('delete video', () => {
  it('removes the video row and its stored file, leaving the product’s pictures and other videos', async () => {
    const kit = videoKit();
    const product = await kit.given();
    const video = await kit.givenVideo(product.id);
    const kept = await kit.givenVideo(product.id);
    const picture = await kit.givenImage(product.id);
    await kit.deleteVideo({ productId: product.id, assetId: video.asset_id });
    expect((await kit.assets.listByProduct(product.id)).map((asset) => asset.asset_id).sort()).toEqual([kept.asset_id, picture.asset_id].sort());
    expect(kit.objectStore.keys().sort()).toEqual([kept.stored_url, picture.stored_url].map((url) => kit.objectStore.keyFromUrl(url)).sort());
  });

  it('drops a video still downloading (no file to remove) and refuses pictures and other products’ videos', async () => {
    const kit = videoKit();
    const product = await kit.given();
    const other = await kit.given();
    const pending = await kit.givenVideo(product.id, { status: 'pending' });
    const picture = await kit.givenImage(product.id);
    const foreign = await kit.givenVideo(other.id);
    await kit.deleteVideo({ productId: product.id, assetId: pending.asset_id });
    expect(await kit.assets.findById(pending.asset_id)).toBeUndefined();
    await expect(kit.deleteVideo({ productId: product.id, assetId: picture.asset_id })).rejects.toMatchObject({ code: 'NOT_A_VIDEO' });
    await expect(kit.deleteVideo({ productId: product.id, assetId: foreign.asset_id })).rejects.toMatchObject({ code: 'VIDEO_NOT_FOUND' });
    expect(await kit.assets.findById(foreign.asset_id)).toBeDefined();
    expect(await kit.assets.findById(picture.asset_id)).toBeDefined();
  });
});
