import { setTimeout as sleep } from 'node:timers/promises';
import { asFunction } from 'awilix';
import { DEFAULT_DOWNLOAD_POLICY } from '../../application/use-cases/download-asset.ts';
import { makeDownloadVideo } from '../../application/use-cases/download-video.ts';
import { makeDeleteVideo } from '../../application/use-cases/delete-video.ts';
import { makeSetVideoCover } from '../../application/use-cases/set-video-cover.ts';
import { makeUploadVideo } from '../../application/use-cases/upload-video.ts';
import { makeReceiveDirectVideo } from '../../application/use-cases/receive-direct-video.ts';
import { videoRoutes } from '../../adapters/http/routes/videos.ts';
import { makeGuardedVideoFetcher } from '../../adapters/images/guarded-video-fetcher.ts';
import { makeMp4boxDurationReader } from '../../adapters/images/mp4box-duration-reader.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type VideoRegistry } from '../registries/video.ts';
import { type IntakeRegistry } from '../registries/intake.ts';
import { type UploadsRegistry } from '../registries/uploads.ts';

/** A 100 MB video over a slow link: the whole transfer may take this long. */
const VIDEO_FETCH_TIMEOUT_MS = 5 * 60_000;

type Deps = VideoRegistry & CoreRegistry & IntakeRegistry & UploadsRegistry;

/** Product videos (issue 20, docs/decisions.md, Videos): downloads, uploads, deletion and the video cover. */
export const videoModule: FeatureModule<VideoRegistry, CoreRegistry & IntakeRegistry & UploadsRegistry> = {
  name: 'video',
  provide: () => ({
    videoFetcher: asFunction(({ guardedHttp, config }: Deps) =>
      makeGuardedVideoFetcher({ guardedHttp, limits: { maxBytes: config.maxVideoBytes, timeoutMs: VIDEO_FETCH_TIMEOUT_MS } }),
    ).singleton(),
    durationReader: asFunction(() => makeMp4boxDurationReader()).singleton(),
    downloadVideo: asFunction(({ assets, videoFetcher, durationReader, objectStore, clock }: Deps) =>
      makeDownloadVideo({ assets, videoFetcher, durationReader, objectStore, clock, policy: DEFAULT_DOWNLOAD_POLICY, sleep: (ms) => sleep(ms) }),
    ).singleton(),
    uploadVideo: asFunction(({ products, assets, objectStore, durationReader, ids, clock, config }: Deps) =>
      makeUploadVideo({ products, assets, objectStore, durationReader, ids, clock, maxBytes: config.maxVideoBytes }),
    ).singleton(),
    receiveDirectVideo: asFunction(({ localUploads, objectStore, durationReader, clock, config }: Deps) =>
      makeReceiveDirectVideo({ uploadRedemptions: localUploads, objectStore, durationReader, clock, maxBytes: config.maxVideoBytes }),
    ).singleton(),
    deleteVideo: asFunction(({ products, assets, objectStore }: Deps) => makeDeleteVideo({ products, assets, objectStore })).singleton(),
    setVideoCover: asFunction(({ products, assets }: Deps) => makeSetVideoCover({ products, assets })).singleton(),
  }),
  protectedRoutes: (c) => [videoRoutes({ deleteVideo: c.deleteVideo, setVideoCover: c.setVideoCover })],
};
