import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asFunction } from 'awilix';
import { makeImageLoader } from '../../application/image-pipeline.ts';
import { makeDownloadWorker } from '../../application/download-worker.ts';
import { makeCollectMaterials } from '../../application/use-cases/collect-materials.ts';
import { DEFAULT_DOWNLOAD_POLICY, makeDownloadAsset } from '../../application/use-cases/download-asset.ts';
import { makeFindCollected } from '../../application/use-cases/find-collected.ts';
import { makeListAssets } from '../../application/use-cases/list-assets.ts';
import { makeListFingerprints } from '../../application/use-cases/list-fingerprints.ts';
import { makeProxyImage } from '../../application/use-cases/proxy-image.ts';
import { makeQueueDownloads } from '../../application/use-cases/queue-downloads.ts';
import { makeRetryFailedAssets } from '../../application/use-cases/retry-failed-assets.ts';
import { makeUploadAssetBytes } from '../../application/use-cases/upload-asset-bytes.ts';
import { assetRoutes } from '../../adapters/http/routes/assets.ts';
import { materialRoutes } from '../../adapters/http/routes/materials.ts';
import { materialUploadRoutes } from '../../adapters/http/routes/material-uploads.ts';
import { proxyImageRoutes } from '../../adapters/http/routes/proxy-image.ts';
import { makeGuardedImageFetcher } from '../../adapters/images/guarded-image-fetcher.ts';
import { makeSharpImageNormaliser } from '../../adapters/images/sharp-image-normaliser.ts';
import { makeGuardedHttp } from '../../adapters/outbound/guarded-http.ts';
import { makeQueueDepths } from '../../adapters/persistence/kysely-queue-depths.ts';
import { makePartialWriteSweep } from '../../adapters/storage/local-partial-writes.ts';
import { type FeatureModule } from '../feature-module.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type IntakeRegistry } from '../registries/intake.ts';
import { type VideoRegistry } from '../registries/video.ts';

/** How often an idle download worker looks for work no nudge announced (another process's, lapsed claims). */
const DOWNLOAD_POLL_MS = 2_000;

type Deps = IntakeRegistry & CoreRegistry & VideoRegistry;

/** Collection intake, downloads and proxy-image (issue 3); direct uploads and the extension's own operations are modules of their own. */
export const intakeModule: FeatureModule<IntakeRegistry, CoreRegistry & VideoRegistry> = {
  name: 'intake',
  provide: () => ({
    partialWriteSweep: asFunction(({ config, logger }: Deps) =>
      config.objectStore === 'local'
        ? makePartialWriteSweep(path.join(config.dataDir, 'media'), (removed, error) => {
            if (error) logger.warn({ err: error }, 'sweeping unfinished media files failed');
            else if (removed > 0) logger.info({ removed }, 'removed unfinished media files a crash left');
          })
        : { start: () => undefined, settled: async () => undefined },
    ).singleton(),
    guardedHttp: asFunction(({ config }: Deps) => makeGuardedHttp({ allowPrivate: config.outboundAllowPrivate })).singleton(),
    imageFetcher: asFunction(({ guardedHttp }: Deps) => makeGuardedImageFetcher({ guardedHttp })).singleton(),
    loadImage: asFunction(({ objectStore, imageFetcher }: Deps) => makeImageLoader({ objectStore, imageFetcher })).singleton(),
    imageNormaliser: asFunction(() => makeSharpImageNormaliser()).singleton(),
    downloadAsset: asFunction(({ assets, imageFetcher, imageNormaliser, objectStore, clock, downloadVideo }: Deps) =>
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
    downloadWorker: asFunction(({ assets, downloadAsset, clock, config, logger }: Deps) =>
      makeDownloadWorker({
        assets,
        downloadAsset,
        clock,
        concurrency: config.downloadConcurrency,
        leaseMs: config.downloadLeaseMs,
        pollMs: DOWNLOAD_POLL_MS,
        stopWaitMs: WORKER_STOP_WAIT_MS,
        onError: (error) => logger.error({ err: error }, 'image download failed'),
      }),
    ).singleton(),
    queueDownloads: asFunction(({ downloadWorker }: Deps) => makeQueueDownloads({ downloadWorker })).singleton(),
    collectMaterials: asFunction(({ unitOfWork, clock, ids, queueDownloads }: Deps) =>
      makeCollectMaterials({ unitOfWork, clock, ids, queueDownloads }),
    ).singleton(),
    uploadAssetBytes: asFunction(({ products, assets, imageNormaliser, objectStore, ids, clock }: Deps) =>
      makeUploadAssetBytes({ products, assets, imageNormaliser, objectStore, ids, clock }),
    ).singleton(),
    listFingerprints: asFunction(({ products, assets }: Deps) => makeListFingerprints({ products, assets })).singleton(),
    findCollected: asFunction(({ products }: Deps) => makeFindCollected({ products })).singleton(),
    listAssets: asFunction(({ products, assets }: Deps) => makeListAssets({ products, assets })).singleton(),
    retryFailedAssets: asFunction(({ products, assets, clock, queueDownloads }: Deps) =>
      makeRetryFailedAssets({ products, assets, clock, queueDownloads }),
    ).singleton(),
    proxyImage: asFunction(({ imageFetcher, config }: Deps) => makeProxyImage({ imageFetcher, allowedHosts: config.proxyImageHosts })).singleton(),
  }),
  // Use cases are resolved once here, never per request.
  protectedRoutes: (c) => [
    materialRoutes({ collectMaterials: c.collectMaterials, listFingerprints: c.listFingerprints, findCollected: c.findCollected }),
    materialUploadRoutes({ uploadAssetBytes: c.uploadAssetBytes, uploadVideo: c.uploadVideo, maxVideoBytes: c.config.maxVideoBytes }),
    assetRoutes({ listAssets: c.listAssets, retryFailedAssets: c.retryFailedAssets }),
    proxyImageRoutes({ proxyImage: c.proxyImage }),
  ],
  // No re-queue at start: unfinished downloads are rows, claimed like new ones once no live claim holds them.
  async start(cradle) {
    cradle.partialWriteSweep.start(cradle.clock.now());
  },
  workers: (cradle) => ({ downloads: cradle.downloadWorker }),
  gauges: (cradle) => ({
    downloads_pending: { help: 'Images and videos waiting to be downloaded or downloading', read: makeQueueDepths(cradle.db).pendingDownloads },
  }),
  async stop(cradle) {
    await cradle.partialWriteSweep.settled();
    await cradle.guardedHttp.close();
  },
};
