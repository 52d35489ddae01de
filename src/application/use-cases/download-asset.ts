import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ImageFetcher, ImageFetchError } from '../ports/image-fetcher.ts';
import { type ImageNormaliser, type NormalisedImage } from '../ports/image-normaliser.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type Asset, storedAsset } from '../../domain/media/asset.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { isVideoAsset } from '../../domain/media/video-format.ts';

export type DownloadPolicy = {
  /** Tries per asset (5xx, 429, timeouts and dropped connections are retried, other failures are final). */
  readonly attempts: number;
  /** Wait before the second try; doubled before each later one. */
  readonly backoffMs: number;
};

/** docs/decisions.md, Intake and assets: 3 attempts with back-off (the 20 MB / 30 s caps are the image fetcher's). */
export const DEFAULT_DOWNLOAD_POLICY: DownloadPolicy = { attempts: 3, backoffMs: 300 };

export type DownloadAssetDeps = {
  readonly assets: AssetRepository;
  readonly imageFetcher: ImageFetcher;
  readonly imageNormaliser: ImageNormaliser;
  readonly objectStore: ObjectStore;
  readonly clock: Clock;
  readonly policy: DownloadPolicy;
  readonly sleep: (ms: number) => Promise<void>;
  /** Video assets (`type: "video"`, docs/decisions.md, Videos) take this streamed path; without it they fail as unsupported. */
  readonly downloadVideo?: (asset: Asset) => Promise<void>;
};

export type DownloadAsset = (assetId: string) => Promise<void>;

export const storedKeyOf = (asset: Pick<Asset, 'product_id' | 'asset_id'>, extension: string): string =>
  `products/${asset.product_id}/${asset.asset_id}.${extension}`;

/**
 * Moves one asset `pending`/`downloading` → `stored` | `failed`: fetch (with retries), normalise, store, record.
 * Every try is written down first, so a crash leaves the asset `downloading`, claimed again once its lease lapses.
 */
export function makeDownloadAsset({
  assets,
  imageFetcher,
  imageNormaliser,
  objectStore,
  clock,
  policy,
  sleep,
  downloadVideo,
}: DownloadAssetDeps): DownloadAsset {
  const save = async (asset: Asset, changes: Partial<Asset>): Promise<Asset> => {
    const next: Asset = { ...asset, ...changes, updated_at: clock.now().toISOString() };
    await assets.update(next);
    return next;
  };

  async function fetchWithRetries(asset: Asset): Promise<{ asset: Asset; body?: Uint8Array; error?: string }> {
    // A download resumed after a crash keeps its count but always gets at least one more try.
    const tries = Math.max(1, policy.attempts - asset.attempts);
    let current = asset;
    let error = '';
    for (let attempt = 0; attempt < tries; attempt += 1) {
      if (attempt > 0) await sleep(policy.backoffMs * 2 ** (attempt - 1));
      current = await save(current, { status: 'downloading', attempts: current.attempts + 1 });
      try {
        const fetched = await imageFetcher.fetch(current.source_url, { referer: current.referer });
        return { asset: current, body: fetched.bytes };
      } catch (failure) {
        if (!(failure instanceof ImageFetchError)) throw failure;
        error = failure.detail;
        if (!failure.retryable) break;
      }
    }
    return { asset: current, error };
  }

  async function download(assetId: string): Promise<void> {
    const found = await assets.findById(assetId);
    if (!found || (found.status !== 'pending' && found.status !== 'downloading')) return;
    if (isVideoAsset(found)) {
      if (downloadVideo) await downloadVideo(found);
      else await save(found, { status: 'failed', error: '暂不支持下载视频' });
      return;
    }
    const { asset, body, error } = await fetchWithRetries(found);
    if (!body) {
      await save(asset, { status: 'failed', error: error ?? '下载失败' });
      return;
    }
    let image: NormalisedImage;
    try {
      image = await imageNormaliser.normalise(body);
    } catch (failure) {
      if (!isDomainError(failure)) throw failure;
      await save(asset, { status: 'failed', error: failure.detail });
      return;
    }
    const stored = await objectStore.put(storedKeyOf(asset, image.extension), image.bytes, image.contentType);
    // The product may have been hard-deleted meanwhile: then the file must not outlive it.
    if (!(await assets.findById(asset.asset_id))) {
      await objectStore.delete(stored.key);
      return;
    }
    await assets.update(storedAsset(asset, { ...image, url: stored.url, bytes: image.bytes.byteLength }, clock.now().toISOString()));
  }

  return async (assetId) => {
    try {
      await download(assetId);
    } catch (unexpected) {
      // A store or decoder failure must not leave the asset `downloading` until the next restart: it is recorded
      // as failed, so the seller sees it and can retry. When even that write fails, the next claim takes it again.
      const asset = await assets.findById(assetId).catch(() => undefined);
      if (asset && (asset.status === 'pending' || asset.status === 'downloading')) {
        await save(asset, { status: 'failed', error: '保存图片时出错，请点“重试”' }).catch(() => undefined);
      }
      throw unexpected;
    }
  };
}
