import { type Asset } from '../media/asset.ts';
import { type FieldProblem } from '../common/errors.ts';
import { type CardComplexGroup, type PublishCard } from './publish-card.ts';
import { isPublicImageUrl } from './publish-checks.ts';
import { VIDEO_LIMITS, isVideoAsset, spokenDuration } from '../media/video-format.ts';

/** docs/decisions.md, Videos: videos go out as complex attribute 100001, 21841 = the URL, 21837 = the video's name. */
export const VIDEO_COMPLEX_ID = 100001;
export const VIDEO_URL_ATTRIBUTE_ID = 21841;
export const VIDEO_NAME_ATTRIBUTE_ID = 21837;
/** The video cover (played instead of the main photo): complex attribute 100002, 21845 = the video's URL (the marketplace's documented video cover; docs/decisions.md, Videos). */
export const VIDEO_COVER_COMPLEX_ID = 100002;
export const VIDEO_COVER_URL_ATTRIBUTE_ID = 21845;

/** A video asset as the publish checks see it: stored with its duration, or failed with its reason. */
export type PublishVideo = {
  readonly url: string;
  readonly status: 'stored' | 'failed';
  readonly durationMs: number | null;
  readonly error: string | null;
  /** The seller's video cover: sent as 100002 only, not one of the (at most 5) videos. */
  readonly cover?: boolean;
};

/** The product's videos to check and send: stored and failed ones in their order; pending ones wait. */
export function publishVideosOf(assets: readonly Asset[], absolute: (url: string) => string): PublishVideo[] {
  return assets
    .filter((asset) => isVideoAsset(asset) && (asset.status === 'stored' || asset.status === 'failed'))
    .sort((a, b) => a.index - b.index)
    .map((asset) => ({
      url: asset.stored_url ? absolute(asset.stored_url) : asset.source_url,
      status: asset.status === 'stored' ? 'stored' : 'failed',
      durationMs: asset.duration_ms ?? null,
      error: asset.error,
      ...(asset.video_cover ? { cover: true } : {}),
    }));
}

/**
 * The marketplace's video rules (docs/decisions.md, Videos): at most 5 videos, each 8 s – 5 min, MP4/MOV, at a public address.
 * The cover is a video too and meets the same rules, but is not counted among the 5.
 */
export function checkVideos(videos: readonly PublishVideo[], problems: FieldProblem[]): void {
  const listed = videos.filter((video) => !video.cover);
  if (listed.length > VIDEO_LIMITS.perProduct) {
    problems.push({ path: 'videos', message: `平台最多接受 ${VIDEO_LIMITS.perProduct} 个视频，现有 ${listed.length} 个，请删除多余的视频` });
  }
  const check = (video: PublishVideo, path: string, what: string): void => {
    if (video.status === 'failed') {
      problems.push({ path, message: `${what}不可用（${video.error ?? '下载失败'}），平台只接受 MP4/MOV 视频，请删除或重新上传` });
    } else if (video.durationMs === null) {
      problems.push({ path, message: `读不出${what}时长，平台要求 8 秒到 5 分钟的 MP4/MOV 视频` });
    } else if (video.durationMs < VIDEO_LIMITS.minMs || video.durationMs > VIDEO_LIMITS.maxMs) {
      problems.push({ path, message: `${what}时长 ${spokenDuration(video.durationMs)}，平台要求 8 秒到 5 分钟` });
    } else if (!isPublicImageUrl(video.url)) {
      problems.push({ path, message: `${what}地址不是公网可访问的绝对地址（需要配置 PUBLIC_BASE_URL 或对象存储）：${video.url}` });
    }
  };
  listed.forEach((video, index) => check(video, `videos/${index}`, '视频'));
  videos.filter((video) => video.cover).forEach((video) => check(video, 'video_cover', '视频封面'));
}

/**
 * The card's videos (sent by the marketplace adapter as one complex characteristic per video, as the marketplace's
 * request example does, and the cover as one 100002 entry): the stored ones in their order. What the seller typed
 * under 100001 (or 100002) gives way to the stored videos (or cover) when there are any.
 */
export function cardVideos(
  complex: readonly CardComplexGroup[],
  videos: readonly PublishVideo[],
): Pick<PublishCard, 'complex_attributes' | 'videos' | 'video_cover'> {
  const stored = videos.filter((video) => video.status === 'stored' && !video.cover);
  const cover = videos.find((video) => video.status === 'stored' && video.cover);
  const replaced = new Set([...(stored.length > 0 ? [VIDEO_COMPLEX_ID] : []), ...(cover ? [VIDEO_COVER_COMPLEX_ID] : [])]);
  return {
    complex_attributes: complex.filter((group) => !replaced.has(group.complex_id)),
    videos: stored.map((video) => video.url),
    video_cover: cover?.url ?? null,
  };
}
