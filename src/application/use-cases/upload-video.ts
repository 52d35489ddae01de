import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type VideoDurationReader } from '../ports/video-fetcher.ts';
import { type Asset, type AssetGroup, checkAssetRoom, pendingAsset } from '../../domain/media/asset.ts';
import { drain } from '../byte-streams.ts';
import { loadProduct } from '../product-access.ts';
import { notAVideo, refuseUnpublishable, sniffedVideo, storeVideo } from '../video-transfer.ts';
import { type UploadMeta } from './upload-asset-bytes.ts';

export type UploadVideoInput = {
  readonly productId: string;
  /** The file as it arrives (never gathered): told MP4/MOV by its first bytes. */
  readonly body: AsyncIterable<Uint8Array>;
  readonly meta: UploadMeta;
  readonly groupKey?: 'upload' | undefined;
};

export type UploadVideoDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly objectStore: ObjectStore;
  readonly durationReader: VideoDurationReader;
  readonly ids: Ids;
  readonly clock: Clock;
  /** MAX_VIDEO_BYTES (docs/decisions.md, Videos), the same cap as downloads. */
  readonly maxBytes: number;
};

export type UploadVideo = (input: UploadVideoInput) => Promise<{ assetId: string; status: Asset['status'] }>;

/**
 * POST /materials/bytes with a video (a clip the seller made, not on the 1688 page): streamed into the object store
 * like a downloaded video, under MAX_VIDEO_BYTES, MP4/MOV by its bytes, its duration read as it passes. What the
 * marketplace would refuse (no readable duration, outside 8 s – 5 min) is refused now and nothing is kept.
 */
export function makeUploadVideo({ products, assets, objectStore, durationReader, ids, clock, maxBytes }: UploadVideoDeps): UploadVideo {
  return async ({ productId, body, meta, groupKey }) => {
    await loadProduct(products, productId);
    const siblings = await assets.listByProduct(productId);
    const dedupeKey = meta.dedupeKey?.trim() ?? '';
    const existing = dedupeKey ? siblings.find((asset) => asset.dedupe_key === dedupeKey && asset.status === 'stored') : undefined;
    if (existing) {
      await drain(body); // the same file again: the request is read to its end, the copy kept is the first
      return { assetId: existing.asset_id, status: existing.status };
    }
    checkAssetRoom(siblings.length, 1);
    const video = await sniffedVideo(body);
    if (!video.format) throw notAVideo();

    const group: AssetGroup = groupKey ?? (meta.groupKey && meta.groupKey !== 'generated' ? meta.groupKey : 'upload');
    const assetId = ids.uuid();
    const transfer = await storeVideo(
      { objectStore, durationReader },
      `products/${productId}/${assetId}.${video.format.extension}`,
      video.format,
      video.body,
      maxBytes,
    );
    const duration = await refuseUnpublishable(objectStore, transfer);
    const { stored } = transfer;
    const now = clock.now().toISOString();
    const origin = {
      asset_id: assetId,
      product_id: productId,
      group_key: group,
      group_name: meta.groupName ?? (group === 'upload' ? '上传视频' : group),
      variant_name: meta.variantName ?? null,
      type: 'video',
      index: meta.index ?? siblings.filter((asset) => asset.group_key === group).length,
      dedupe_key: dedupeKey || `video:${assetId}`,
      source_url: meta.url ?? '',
      referer: '',
    };
    const asset: Asset = {
      ...pendingAsset(origin, now),
      status: 'stored',
      stored_url: stored.url,
      content_type: stored.contentType,
      bytes: stored.bytes,
      duration_ms: duration,
    };
    try {
      await assets.insertMany([asset]);
    } catch (error) {
      await objectStore.delete(stored.key); // the product went away meanwhile: no file without its asset
      throw error;
    }
    return { assetId, status: asset.status };
  };
}
