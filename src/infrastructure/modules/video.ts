import { setTimeout as sleep } from 'node:timers/promises';
import { asFunction } from 'awilix';
import { type VideoDurationReader, type VideoFetcher } from '../../application/ports/video-fetcher.ts';
import { DEFAULT_DOWNLOAD_POLICY } from '../../application/use-cases/download-asset.ts';
import { type DownloadVideo, makeDownloadVideo } from '../../application/use-cases/download-video.ts';
import { type DeleteVideo, makeDeleteVideo } from '../../application/use-cases/delete-video.ts';
import { type SetVideoCover, makeSetVideoCover } from '../../application/use-cases/set-video-cover.ts';
import { type UploadVideo, makeUploadVideo } from '../../application/use-cases/upload-video.ts';
import { type ReceiveDirectVideo, makeReceiveDirectVideo } from '../../application/use-cases/receive-direct-video.ts';
import { videoRoutes } from '../../adapters/http/routes/videos.ts';
import { makeGuardedVideoFetcher } from '../../adapters/images/guarded-video-fetcher.ts';
import { makeMp4boxDurationReader } from '../../adapters/images/mp4box-duration-reader.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** A 100 MB video over a slow link: the whole transfer may take this long. */
const VIDEO_FETCH_TIMEOUT_MS = 5 * 60_000;

/** What this feature adds to the container. */
export type VideoRegistry = {
  /** Videos from the web: the image fetcher's rules with MAX_VIDEO_BYTES and a longer deadline. */
  videoFetcher: VideoFetcher;
  durationReader: VideoDurationReader;
  /** The download worker's step for `type: "video"` items (intake's downloadAsset hands them here). */
  downloadVideo: DownloadVideo;
  /** A video the seller uploads (POST /materials/bytes), streamed and checked like a download. */
  uploadVideo: UploadVideo;
  /** The local store's signed PUT of a video (POST /image/upload-token with a video type). */
  receiveDirectVideo: ReceiveDirectVideo;
  deleteVideo: DeleteVideo;
  setVideoCover: SetVideoCover;
};

/** Product videos (issue 20, docs/decisions.md, Videos): downloads, uploads, deletion and the video cover. */
export const videoModule: FeatureModuleOf = {
  name: 'video',
  register(container) {
    container.register({
      videoFetcher: asFunction(({ guardedHttp, config }: Cradle) =>
        makeGuardedVideoFetcher({ guardedHttp, limits: { maxBytes: config.maxVideoBytes, timeoutMs: VIDEO_FETCH_TIMEOUT_MS } }),
      ).singleton(),
      durationReader: asFunction(() => makeMp4boxDurationReader()).singleton(),
      downloadVideo: asFunction(({ assets, videoFetcher, durationReader, objectStore, clock }: Cradle) =>
        makeDownloadVideo({ assets, videoFetcher, durationReader, objectStore, clock, policy: DEFAULT_DOWNLOAD_POLICY, sleep: (ms) => sleep(ms) }),
      ).singleton(),
      uploadVideo: asFunction(({ products, assets, objectStore, durationReader, ids, clock, config }: Cradle) =>
        makeUploadVideo({ products, assets, objectStore, durationReader, ids, clock, maxBytes: config.maxVideoBytes }),
      ).singleton(),
      receiveDirectVideo: asFunction(({ localUploads, objectStore, durationReader, clock, config }: Cradle) =>
        makeReceiveDirectVideo({ uploadRedemptions: localUploads, objectStore, durationReader, clock, maxBytes: config.maxVideoBytes }),
      ).singleton(),
      deleteVideo: asFunction(({ products, assets, objectStore }: Cradle) => makeDeleteVideo({ products, assets, objectStore })).singleton(),
      setVideoCover: asFunction(({ products, assets }: Cradle) => makeSetVideoCover({ products, assets })).singleton(),
    });
  },
  protectedRoutes: (c) => [videoRoutes({ deleteVideo: c.deleteVideo, setVideoCover: c.setVideoCover })],
};
