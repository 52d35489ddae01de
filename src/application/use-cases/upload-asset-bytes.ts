import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type ImageNormaliser } from '../ports/image-normaliser.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type Asset, type AssetGroup, checkAssetRoom, pendingAsset, storedAsset } from '../../domain/media/asset.ts';
import { storedKeyOf } from './download-asset.ts';
import { loadProduct } from '../product-access.ts';

/** What the extension says about the uploaded image (the `meta` part), all optional. */
export type UploadMeta = {
  readonly groupKey?: AssetGroup | undefined;
  readonly groupName?: string | undefined;
  readonly variantName?: string | null | undefined;
  readonly index?: number | undefined;
  readonly type?: string | undefined;
  readonly dedupeKey?: string | undefined;
  readonly url?: string | undefined;
};

export type UploadAssetBytesInput = {
  readonly productId: string;
  readonly bytes: Uint8Array;
  readonly meta: UploadMeta;
  /** The `group_key` part: `upload` files the image under uploads whatever `meta` says. */
  readonly groupKey?: 'upload' | undefined;
};

export type UploadAssetBytesDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly imageNormaliser: ImageNormaliser;
  readonly objectStore: ObjectStore;
  readonly ids: Ids;
  readonly clock: Clock;
};

export type UploadAssetBytes = (input: UploadAssetBytesInput) => Promise<{ assetId: string; status: Asset['status'] }>;

/**
 * POST /materials/bytes: stores the image at once as a `stored` asset. When the product already has an asset
 * with the same dedupe key, a stored one is kept as it is and an unfinished one is completed with these bytes.
 */
export function makeUploadAssetBytes({ products, assets, imageNormaliser, objectStore, ids, clock }: UploadAssetBytesDeps): UploadAssetBytes {
  return async ({ productId, bytes, meta, groupKey }) => {
    await loadProduct(products, productId);
    const image = await imageNormaliser.normalise(bytes);
    const now = clock.now().toISOString();
    const dedupeKey = meta.dedupeKey?.trim() || `sha256:${image.sha256}`;
    const siblings = await assets.listByProduct(productId);
    const existing = siblings.find((asset) => asset.dedupe_key === dedupeKey);
    if (existing?.status === 'stored') return { assetId: existing.asset_id, status: existing.status };
    if (!existing) checkAssetRoom(siblings.length, 1);

    const group: AssetGroup = groupKey ?? (meta.groupKey && meta.groupKey !== 'generated' ? meta.groupKey : 'upload');
    const base: Asset =
      existing ??
      pendingAsset(
        {
          asset_id: ids.uuid(),
          product_id: productId,
          group_key: group,
          group_name: meta.groupName ?? (group === 'upload' ? '上传' : group),
          variant_name: meta.variantName ?? null,
          type: meta.type ?? 'img',
          index: meta.index ?? siblings.filter((asset) => asset.group_key === group).length,
          dedupe_key: dedupeKey,
          source_url: meta.url ?? '',
          referer: '',
        },
        now,
      );
    const stored = await objectStore.put(storedKeyOf(base, image.extension), image.bytes, image.contentType);
    const asset = storedAsset(base, { ...image, url: stored.url, bytes: image.bytes.byteLength }, now);
    if (existing) await assets.update(asset);
    else await assets.insertMany([asset]);
    return { assetId: asset.asset_id, status: asset.status };
  };
}
