import { type ImageFetcher } from '../../application/ports/image-fetcher.ts';
import { type ImageNormaliser } from '../../application/ports/image-normaliser.ts';
import { type LoadImage } from '../../application/image-pipeline.ts';
import { type DownloadWorker } from '../../application/download-worker.ts';
import { type CollectMaterials } from '../../application/use-cases/collect-materials.ts';
import { type DownloadAsset } from '../../application/use-cases/download-asset.ts';
import { type FindCollected } from '../../application/use-cases/find-collected.ts';
import { type ListAssets } from '../../application/use-cases/list-assets.ts';
import { type ListFingerprints } from '../../application/use-cases/list-fingerprints.ts';
import { type ProxyImage } from '../../application/use-cases/proxy-image.ts';
import { type QueueDownloads } from '../../application/use-cases/queue-downloads.ts';
import { type RetryFailedAssets } from '../../application/use-cases/retry-failed-assets.ts';
import { type UploadAssetBytes } from '../../application/use-cases/upload-asset-bytes.ts';
import { type ClosableGuardedHttp } from '../../adapters/outbound/guarded-http.ts';
import { type PartialWriteSweep } from '../../adapters/storage/local-partial-writes.ts';

/** What this feature adds to the container. */
export type IntakeRegistry = {
  /** The one SSRF-safe client for user-given URLs (also used by the AI feature). */
  guardedHttp: ClosableGuardedHttp;
  /** The one way images are fetched from the web: browser headers, Referer, 20 MB / 30 s (docs/decisions.md, Images and uploads). */
  imageFetcher: ImageFetcher;
  /** Our stored images from the object store, any other URL through `imageFetcher` (AI inputs, archive exports). */
  loadImage: LoadImage;
  imageNormaliser: ImageNormaliser;
  /** Claims pending downloads from the database, DOWNLOAD_CONCURRENCY at a time (docs/decisions.md, Background work). */
  downloadWorker: DownloadWorker;
  downloadAsset: DownloadAsset;
  queueDownloads: QueueDownloads;
  collectMaterials: CollectMaterials;
  uploadAssetBytes: UploadAssetBytes;
  listFingerprints: ListFingerprints;
  findCollected: FindCollected;
  listAssets: ListAssets;
  retryFailedAssets: RetryFailedAssets;
  proxyImage: ProxyImage;
  /** Removes unfinished files a crash left in the local store's folder, at start (none on S3: uploads there are whole or absent). */
  partialWriteSweep: PartialWriteSweep;
};
