import { toImportItem } from '../../../src/adapters/marketplace/ozon-import-item.ts';
import { describe, expect, it } from 'vitest';
import { type Asset, pendingAsset } from '../../../src/domain/media/asset.ts';
import { VIDEO_COMPLEX_ID, VIDEO_URL_ATTRIBUTE_ID } from '../../../src/domain/publishing/publish-videos.ts';
import { type PublishKit, PUBLIC_BASE, publishKit } from './publish-kit.ts';

/** A video of product-1 at `index`, stored under `/media/…` (relative, as kept) or failed. */
const video = (kit: PublishKit, index: number, fields: Partial<Asset>): Asset => ({
  ...pendingAsset(
    {
      asset_id: `v${index}`,
      product_id: 'product-1',
      group_key: 'detail',
      group_name: '视频',
      variant_name: null,
      type: 'video',
      index,
      dedupe_key: `v${index}`,
      source_url: `https://video.example/${index}.mp4`,
      referer: '',
    },
    kit.clock.iso(),
  ),
  ...fields,
});

describe('prepare publication (the publish checks behind the pre-flight and every send)', () => {
  it('makes the chosen pictures absolute under the public base, main first and each once, outside addresses as they are', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const own = '/media/products/product-1/p1-b.jpg';
    const product = await kit.givenProduct(1, { primary_image: own, images: ['https://img.example.com/x.jpg', own] });
    const prepared = await kit.preparePublication(product, shop);
    expect(prepared.ok && prepared.items.map(({ item }) => [item.primary_image, item.images])).toEqual([
      [`${PUBLIC_BASE}${own}`, ['https://img.example.com/x.jpg']],
    ]);
  });

  it('sends a stored video as its attribute under the public base, leaves a downloading one out, and refuses a failed one', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenProduct();
    await kit.assets.insertMany([
      video(kit, 0, { status: 'stored', stored_url: '/media/products/product-1/v0.mp4', duration_ms: 12_000 }),
      video(kit, 1, { status: 'pending' }),
    ]);
    const prepared = await kit.preparePublication(product, shop);
    const videos = prepared.ok ? toImportItem(prepared.items[0]!.item).complex_attributes.flatMap((entry) => entry.attributes) : [];
    expect(videos.find((attribute) => attribute.complex_id === VIDEO_COMPLEX_ID && attribute.id === VIDEO_URL_ATTRIBUTE_ID)?.values).toEqual([
      { value: `${PUBLIC_BASE}/media/products/product-1/v0.mp4` },
    ]);
    expect(prepared.ok && prepared.items[0]!.item.images).toEqual([`${PUBLIC_BASE}/media/products/product-1/p1-b.jpg`]);
    await kit.assets.insertMany([video(kit, 2, { status: 'failed', error: '不是视频' })]);
    const refused = await kit.preparePublication(product, shop);
    expect(refused.ok ? [] : refused.problems).toEqual([{ path: 'videos/1', message: expect.stringContaining('不是视频') }]);
  });

  it('gives each enabled colour its own card, its SKU picture first, and leaves switched-off colours out', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenVariants(1, [false, true, true]);
    const prepared = await kit.preparePublication(product, shop);
    const [blue, grey] = product.variants.slice(1);
    expect(prepared.ok && prepared.items.map(({ variant_id, item }) => [variant_id, item.offer_id, item.primary_image])).toEqual([
      [blue!.id, 'MUG-1-2', `${PUBLIC_BASE}/media/products/product-1/${blue!.image_asset_id}.jpg`],
      [grey!.id, 'MUG-1-3', `${PUBLIC_BASE}/media/products/product-1/${grey!.image_asset_id}.jpg`],
    ]);
  });
});
