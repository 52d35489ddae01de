import { type VideoDurationReader, type VideoFetcher } from '../../application/ports/video-fetcher.ts';
import { type DownloadVideo } from '../../application/use-cases/download-video.ts';
import { type DeleteVideo } from '../../application/use-cases/delete-video.ts';
import { type SetVideoCover } from '../../application/use-cases/set-video-cover.ts';
import { type UploadVideo } from '../../application/use-cases/upload-video.ts';
import { type ReceiveDirectVideo } from '../../application/use-cases/receive-direct-video.ts';

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
