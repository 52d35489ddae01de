import { setTimeout as sleep } from 'node:timers/promises';
import { asFunction } from 'awilix';
import { type ImageFetcher } from '../../application/ports/image-fetcher.ts';
import { type ImageNormaliser } from '../../application/ports/image-normaliser.ts';
import { type LoadImage, makeImageLoader } from '../../application/image-pipeline.ts';
import { type DownloadWorker, makeDownloadWorker } from '../../application/download-worker.ts';
import { type CollectMaterials, makeCollectMaterials } from '../../application/use-cases/collect-materials.ts';
import { DEFAULT_DOWNLOAD_POLICY, type DownloadAsset, makeDownloadAsset } from '../../application/use-cases/download-asset.ts';
import { type FindCollected, makeFindCollected } from '../../application/use-cases/find-collected.ts';
import { type ListAssets, makeListAssets } from '../../application/use-cases/list-assets.ts';
import { type ListFingerprints, makeListFingerprints } from '../../application/use-cases/list-fingerprints.ts';
import { type ProxyImage, makeProxyImage } from '../../application/use-cases/proxy-image.ts';
import { type QueueDownloads, makeQueueDownloads } from '../../application/use-cases/queue-downloads.ts';
import { type RetryFailedAssets, makeRetryFailedAssets } from '../../application/use-cases/retry-failed-assets.ts';
import { type UploadAssetBytes, makeUploadAssetBytes } from '../../application/use-cases/upload-asset-bytes.ts';
import { assetRoutes } from '../../adapters/http/routes/assets.ts';
import { materialRoutes } from '../../adapters/http/routes/materials.ts';
import { materialUploadRoutes } from '../../adapters/http/routes/material-uploads.ts';
import { proxyImageRoutes } from '../../adapters/http/routes/proxy-image.ts';
import { makeGuardedImageFetcher } from '../../adapters/images/guarded-image-fetcher.ts';
import { makeSharpImageNormaliser } from '../../adapters/images/sharp-image-normaliser.ts';
import { type ClosableGuardedHttp, makeGuardedHttp } from '../../adapters/outbound/guarded-http.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** How often an idle download worker looks for work no nudge announced (another process's, lapsed claims). */
const DOWNLOAD_POLL_MS = 2_000;

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
};

/** Collection intake, downloads and proxy-image (issue 3); direct uploads and the extension's own operations are modules of their own. */
export const intakeModule: FeatureModuleOf = {
  name: 'intake',
  register(container) {
    container.register({
      guardedHttp: asFunction(({ config }: Cradle) => makeGuardedHttp({ allowPrivate: config.outboundAllowPrivate })).singleton(),
      imageFetcher: asFunction(({ guardedHttp }: Cradle) => makeGuardedImageFetcher({ guardedHttp })).singleton(),
      loadImage: asFunction(({ objectStore, imageFetcher }: Cradle) => makeImageLoader({ objectStore, imageFetcher })).singleton(),
      imageNormaliser: asFunction(() => makeSharpImageNormaliser()).singleton(),
      downloadAsset: asFunction(({ assets, imageFetcher, imageNormaliser, objectStore, clock, downloadVideo }: Cradle) =>
        makeDownloadAsset({
          assets,
          imageFetcher,
          imageNormaliser,
          objectStore,
          clock,
          policy: DEFAULT_DOWNLOAD_POLICY,
          sleep: (ms) => sleep(ms),
          downloadVideo,
        }),
      ).singleton(),
      downloadWorker: asFunction(({ assets, downloadAsset, clock, config, logger }: Cradle) =>
        makeDownloadWorker({
          assets,
          downloadAsset,
          clock,
          concurrency: config.downloadConcurrency,
          leaseMs: config.downloadLeaseMs,
          pollMs: DOWNLOAD_POLL_MS,
          stopWaitMs: 5_000,
          onError: (error) => logger.error({ err: error }, 'image download failed'),
        }),
      ).singleton(),
      queueDownloads: asFunction(({ downloadWorker }: Cradle) => makeQueueDownloads({ downloadWorker })).singleton(),
      collectMaterials: asFunction(({ unitOfWork, clock, ids, queueDownloads }: Cradle) =>
        makeCollectMaterials({ unitOfWork, clock, ids, queueDownloads }),
      ).singleton(),
      uploadAssetBytes: asFunction(({ products, assets, imageNormaliser, objectStore, ids, clock }: Cradle) =>
        makeUploadAssetBytes({ products, assets, imageNormaliser, objectStore, ids, clock }),
      ).singleton(),
      listFingerprints: asFunction(({ products, assets }: Cradle) => makeListFingerprints({ products, assets })).singleton(),
      findCollected: asFunction(({ products }: Cradle) => makeFindCollected({ products })).singleton(),
      listAssets: asFunction(({ products, assets }: Cradle) => makeListAssets({ products, assets })).singleton(),
      retryFailedAssets: asFunction(({ products, assets, clock, queueDownloads }: Cradle) =>
        makeRetryFailedAssets({ products, assets, clock, queueDownloads }),
      ).singleton(),
      proxyImage: asFunction(({ imageFetcher, config }: Cradle) => makeProxyImage({ imageFetcher, allowedHosts: config.proxyImageHosts })).singleton(),
    });
  },
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c) => [
    materialRoutes({ collectMaterials: c.collectMaterials, listFingerprints: c.listFingerprints, findCollected: c.findCollected }),
    materialUploadRoutes({ uploadAssetBytes: c.uploadAssetBytes, uploadVideo: c.uploadVideo, maxVideoBytes: c.config.maxVideoBytes }),
    assetRoutes({ listAssets: c.listAssets, retryFailedAssets: c.retryFailedAssets }),
    proxyImageRoutes({ proxyImage: c.proxyImage }),
  ],
  // No re-queue at start: unfinished downloads are rows, claimed like new ones once no live claim holds them.
  async start(cradle) {
    cradle.downloadWorker.start();
  },
  async stop(cradle) {
    await cradle.downloadWorker.stop();
    await cradle.guardedHttp.close();
  },
};
