import { type Asset } from './asset.ts';
import { type FieldProblem } from './errors.ts';
import { type ImportComplexAttribute } from './publish-attributes.ts';
import { isPublicImageUrl } from './publish-checks.ts';
import { VIDEO_LIMITS, isVideoAsset } from './video-format.ts';

/** DECISIONS §10: videos go out as complex attribute 100001, 21841 = the URL, 21837 = the video's name. */
export const VIDEO_COMPLEX_ID = 100001;
export const VIDEO_URL_ATTRIBUTE_ID = 21841;
export const VIDEO_NAME_ATTRIBUTE_ID = 21837;

/** A video asset as the publish checks see it: stored with its duration, or failed with its reason. */
export type PublishVideo = {
  readonly url: string;
  readonly status: 'stored' | 'failed';
  readonly durationMs: number | null;
  readonly error: string | null;
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
    }));
}

/** The duration in tenths of a second, rounded away from the allowed range so 7.99 s never reads as "8 秒". */
function spoken(ms: number): string {
  const tenths = ms < VIDEO_LIMITS.minMs ? Math.floor(ms / 100) : Math.ceil(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const rest = `${(tenths % 600) / 10} 秒`;
  return minutes > 0 ? `${minutes} 分 ${rest}` : rest;
}

/** The marketplace's video rules (DECISIONS §10): at most 5, each 8 s – 5 min, MP4/MOV, at a public address. */
export function checkVideos(videos: readonly PublishVideo[], problems: FieldProblem[]): void {
  if (videos.length > VIDEO_LIMITS.perProduct) {
    problems.push({ path: 'videos', message: `平台最多接受 ${VIDEO_LIMITS.perProduct} 个视频，现有 ${videos.length} 个，请删除多余的视频` });
  }
  videos.forEach((video, index) => {
    const path = `videos/${index}`;
    if (video.status === 'failed') {
      problems.push({ path, message: `视频不可用（${video.error ?? '下载失败'}），平台只接受 MP4/MOV 视频，请删除或重新上传` });
    } else if (video.durationMs === null) {
      problems.push({ path, message: '读不出视频时长，平台要求 8 秒到 5 分钟的 MP4/MOV 视频' });
    } else if (video.durationMs < VIDEO_LIMITS.minMs || video.durationMs > VIDEO_LIMITS.maxMs) {
      problems.push({ path, message: `视频时长 ${spoken(video.durationMs)}，平台要求 8 秒到 5 分钟` });
    } else if (!isPublicImageUrl(video.url)) {
      problems.push({ path, message: `视频地址不是公网可访问的绝对地址（需要配置 PUBLIC_BASE_URL 或对象存储）：${video.url}` });
    }
  });
}

/**
 * One `complex_attributes` entry per video, as the marketplace's request example does: the stored URL and the
 * product's Russian name. Entries the seller typed under 100001 give way to the stored videos when there are any.
 */
export function withVideos(complex: readonly ImportComplexAttribute[], videos: readonly PublishVideo[], russianName: string): ImportComplexAttribute[] {
  const stored = videos.filter((video) => video.status === 'stored');
  if (stored.length === 0) return [...complex];
  const others = complex.filter((entry) => !entry.attributes.some((attribute) => attribute.complex_id === VIDEO_COMPLEX_ID));
  return [
    ...others,
    ...stored.map((video) => ({
      attributes: [
        { complex_id: VIDEO_COMPLEX_ID, id: VIDEO_URL_ATTRIBUTE_ID, values: [{ value: video.url }] },
        { complex_id: VIDEO_COMPLEX_ID, id: VIDEO_NAME_ATTRIBUTE_ID, values: [{ value: russianName }] },
      ],
    })),
  ];
}
