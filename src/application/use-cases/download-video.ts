import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { ImageFetchError } from '../ports/image-fetcher.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type VideoDurationReader, type VideoFetcher } from '../ports/video-fetcher.ts';
import { type Asset } from '../../domain/media/asset.ts';
import { type StoredVideo, VIDEO_CUT_SHORT, storeVideo } from '../video-transfer.ts';
import { type DownloadPolicy } from './download-asset.ts';

export type DownloadVideoDeps = {
  readonly assets: AssetRepository;
  readonly videoFetcher: VideoFetcher;
  readonly durationReader: VideoDurationReader;
  readonly objectStore: ObjectStore;
  readonly clock: Clock;
  readonly policy: DownloadPolicy;
  readonly sleep: (ms: number) => Promise<void>;
};

/** Transfers one video asset (the download worker's step for `type: "video"`). */
export type DownloadVideo = (asset: Asset) => Promise<void>;

const keyOf = (asset: Asset, extension: string): string => `products/${asset.product_id}/${asset.asset_id}.${extension}`;

/**
 * A video asset `downloading` → `stored` | `failed` (docs/decisions.md, Videos): streamed from the source straight into the
 * object store byte for byte (no re-encoding, never held in memory), its duration read from the passing bytes.
 * Only MP4/MOV by their first bytes; the size cap is the fetcher's. Retries as images do.
 */
export function makeDownloadVideo({ assets, videoFetcher, durationReader, objectStore, clock, policy, sleep }: DownloadVideoDeps): DownloadVideo {
  const save = async (asset: Asset, changes: Partial<Asset>): Promise<Asset> => {
    const next: Asset = { ...asset, ...changes, updated_at: clock.now().toISOString() };
    await assets.update(next);
    return next;
  };

  async function transfer(asset: Asset): Promise<StoredVideo> {
    const video = await videoFetcher.stream(asset.source_url, { referer: asset.referer });
    return storeVideo({ objectStore, durationReader }, keyOf(asset, video.format.extension), video.format, video.body);
  }

  return async (found: Asset): Promise<void> => {
    const tries = Math.max(1, policy.attempts - found.attempts);
    let asset = found;
    let error = '下载失败';
    for (let attempt = 0; attempt < tries; attempt += 1) {
      if (attempt > 0) await sleep(policy.backoffMs * 2 ** (attempt - 1));
      asset = await save(asset, { status: 'downloading', attempts: asset.attempts + 1 });
      try {
        const { stored, durationMs, complete } = await transfer(asset);
        // A video without a readable movie header cannot be checked against the 8 s – 5 min rule: refused. So is a
        // file the source cut short (its media data ends before its box says): the marketplace could not play it.
        const gone = !(await assets.findById(asset.asset_id));
        if (durationMs === null || !complete || gone) await objectStore.delete(stored.key);
        if (gone) return;
        if (!complete) {
          await save(asset, { status: 'failed', error: VIDEO_CUT_SHORT });
          return;
        }
        if (durationMs === null) {
          await save(asset, { status: 'failed', error: '读不出视频时长（文件损坏或不是 MP4/MOV 视频）' });
          return;
        }
        const now = clock.now().toISOString();
        await assets.update({
          ...asset,
          status: 'stored',
          stored_url: stored.url,
          error: null,
          content_type: stored.contentType,
          bytes: stored.bytes,
          duration_ms: durationMs,
          updated_at: now,
        });
        return;
      } catch (failure) {
        if (!(failure instanceof ImageFetchError)) throw failure;
        error = failure.detail;
        if (!failure.retryable) break;
      }
    }
    await save(asset, { status: 'failed', error });
  };
}
