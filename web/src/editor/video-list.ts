import type { Asset } from '../api/types.ts';
import { VIDEO_LIMITS, isVideoAsset, spokenDuration } from '../../../src/domain/media/video-format.ts';

/** The product's videos in their order; the page shows them apart from the pictures. */
export const videosOf = (assets: readonly Asset[]): Asset[] => assets.filter(isVideoAsset).sort((a, b) => a.index - b.index);

/** The pictures only (videos have their own section). */
export const picturesOf = (assets: readonly Asset[]): Asset[] => assets.filter((asset) => !isVideoAsset(asset));

/** `2_350_000` → `2.2 MB`; below a megabyte in KB. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** MP4 or MOV from the stored type (the bytes decided it); — before the file is in. */
export function videoFormatLabel(contentType: string | null): string {
  if (contentType === 'video/mp4') return 'MP4';
  if (contentType === 'video/quicktime') return 'MOV';
  return '—';
}

export const formatDuration = (ms: number | null | undefined): string => (ms === null || ms === undefined ? '—' : spokenDuration(ms));

/** What the publish checks will say about this video's length, or null when it may go out (docs/decisions.md, Videos). */
export function durationWarning(asset: Pick<Asset, 'status' | 'duration_ms'>): string | null {
  if (asset.status !== 'stored') return null;
  const ms = asset.duration_ms ?? null;
  if (ms === null) return '读不出时长，平台会拒绝，请替换';
  if (ms < VIDEO_LIMITS.minMs || ms > VIDEO_LIMITS.maxMs) return `时长 ${spokenDuration(ms)}，不在平台要求的 8 秒到 5 分钟之内，发布前请替换`;
  return null;
}

/** True while a video is still on its way (the section keeps refreshing). */
export const videoDownloading = (videos: readonly Asset[]): boolean => videos.some((video) => video.status === 'pending' || video.status === 'downloading');
