import { describe, expect, it } from 'vitest';
import type { Asset } from '../src/api/types.ts';
import { durationWarning, formatBytes, picturesOf, videoFormatLabel, videosOf } from '../src/editor/video-list.ts';

const asset = (fields: Partial<Asset>): Asset => ({ asset_id: 'a', type: 'img', index: 0, status: 'stored', ...fields }) as Asset;

describe('the video section’s facts', () => {
  it('keeps videos apart from pictures, in their order', () => {
    const assets = [asset({ asset_id: 'v2', type: 'video', index: 2 }), asset({ asset_id: 'p' }), asset({ asset_id: 'v1', type: 'video', index: 1 })];
    expect(videosOf(assets).map((video) => video.asset_id)).toEqual(['v1', 'v2']);
    expect(picturesOf(assets).map((picture) => picture.asset_id)).toEqual(['p']);
  });

  it('says size and format as a seller reads them', () => {
    expect([formatBytes(null), formatBytes(300), formatBytes(36_000), formatBytes(2_350_000)]).toEqual(['—', '1 KB', '35 KB', '2.2 MB']);
    expect([videoFormatLabel('video/mp4'), videoFormatLabel('video/quicktime'), videoFormatLabel(null)]).toEqual(['MP4', 'MOV', '—']);
  });

  it('warns about a stored video the publish checks will refuse (8 s – 5 min), never about one still downloading', () => {
    expect(durationWarning(asset({ type: 'video', duration_ms: 12_000 }))).toBeNull();
    expect(durationWarning(asset({ type: 'video', duration_ms: 7_990 }))).toBe('时长 7.9 秒，不在平台要求的 8 秒到 5 分钟之内，发布前请替换');
    expect(durationWarning(asset({ type: 'video', duration_ms: null }))).toContain('读不出时长');
    expect(durationWarning(asset({ type: 'video', status: 'downloading', duration_ms: null }))).toBeNull();
  });
});
