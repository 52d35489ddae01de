import { describe, expect, it } from 'vitest';
import { type FieldProblem } from '../../src/domain/common/errors.ts';
import { type PublishVideo, cardVideos, checkVideos } from '../../src/domain/publishing/publish-videos.ts';
import { type ImportComplexAttribute, toImportItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { cardOf } from '../helpers/prepare-publish.ts';
import { sniffVideoFormat } from '../../src/domain/media/video-format.ts';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';

const stored = (durationMs: number | null, url = 'https://cdn.example.com/v.mp4'): PublishVideo => ({ url, status: 'stored', durationMs, error: null });
/** The complex attributes sent for a card named `name` whose seller typed `typed` and that has `videos`. */
const withVideos = (typed: readonly ImportComplexAttribute[], videos: PublishVideo[], name: string): ImportComplexAttribute[] => {
  const groups = typed.map((entry) => ({
    complex_id: entry.attributes[0]!.complex_id,
    attributes: entry.attributes.map(({ id, values }) => ({ id, values })),
  }));
  return [...toImportItem({ ...cardOf(), name, ...cardVideos(groups, videos) }).complex_attributes];
};
const problemsOf = (videos: PublishVideo[]): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  checkVideos(videos, problems);
  return problems;
};

describe('video rules (docs/decisions.md, Videos)', () => {
  it('takes 8 s to 5 min at a public address; names 时长 and the path of each refused one', () => {
    expect(problemsOf([stored(8_000), stored(300_000)])).toEqual([]);
    expect(problemsOf([stored(7_999), stored(300_001), stored(null), stored(10_000, '/media/v.mp4')]).map((p) => [p.path, p.message])).toEqual([
      ['videos/0', '视频时长 7.9 秒，平台要求 8 秒到 5 分钟'],
      ['videos/1', '视频时长 5 分 0.1 秒，平台要求 8 秒到 5 分钟'],
      ['videos/2', '读不出视频时长，平台要求 8 秒到 5 分钟的 MP4/MOV 视频'],
      ['videos/3', '视频地址不是公网可访问的绝对地址（需要配置 PUBLIC_BASE_URL 或对象存储）：/media/v.mp4'],
    ]);
  });

  it('refuses a sixth video and a video that failed as not MP4/MOV', () => {
    expect(problemsOf(Array.from({ length: 6 }, () => stored(10_000)))).toEqual([
      { path: 'videos', message: '平台最多接受 5 个视频，现有 6 个，请删除多余的视频' },
    ]);
    const failed: PublishVideo = { url: 'https://x.example.com/a.mp4', status: 'failed', durationMs: null, error: '不是 MP4/MOV 视频' };
    expect(problemsOf([failed])[0]?.message).toContain('不是 MP4/MOV 视频');
  });

  it('stored videos replace what the seller typed under 100001; other complex attributes stay', () => {
    const typed = [
      { attributes: [{ complex_id: 100001, id: 21841, values: [{ value: 'https://old.example.com/x.mp4' }] }] },
      { attributes: [{ complex_id: 4180, id: 4181, values: [{ value: '1' }] }] },
    ];
    expect(withVideos(typed, [stored(9_000)], 'Кружка')).toEqual([
      typed[1],
      {
        attributes: [
          { complex_id: 100001, id: 21841, values: [{ value: 'https://cdn.example.com/v.mp4' }] },
          { complex_id: 100001, id: 21837, values: [{ value: 'Кружка' }] },
        ],
      },
    ]);
    expect(withVideos(typed, [], 'Кружка')).toEqual(typed);
  });

  it('sends the cover as 100002 (21845 its URL) and not among the videos; it meets the same rules but is not one of the 5', () => {
    const cover: PublishVideo = { ...stored(12_000, 'https://cdn.example.com/cover.mp4'), cover: true };
    const typed = [{ attributes: [{ complex_id: 100002, id: 21845, values: [{ value: 'https://old.example.com/c.mp4' }] }] }];
    expect(withVideos(typed, [stored(9_000), cover], 'Кружка')).toEqual([
      {
        attributes: [
          { complex_id: 100001, id: 21841, values: [{ value: 'https://cdn.example.com/v.mp4' }] },
          { complex_id: 100001, id: 21837, values: [{ value: 'Кружка' }] },
        ],
      },
      { attributes: [{ complex_id: 100002, id: 21845, values: [{ value: 'https://cdn.example.com/cover.mp4' }] }] },
    ]);
    // Only a cover: what the seller typed under 100001 stays, the typed cover gives way.
    const typedVideo = { attributes: [{ complex_id: 100001, id: 21841, values: [{ value: 'https://old.example.com/x.mp4' }] }] };
    expect(withVideos([typedVideo, ...typed], [cover], 'Кружка')).toEqual([
      typedVideo,
      { attributes: [{ complex_id: 100002, id: 21845, values: [{ value: 'https://cdn.example.com/cover.mp4' }] }] },
    ]);

    expect(problemsOf([...Array.from({ length: 5 }, () => stored(10_000)), cover])).toEqual([]);
    expect(problemsOf([stored(10_000), { ...cover, durationMs: 3_000 }])).toEqual([
      { path: 'video_cover', message: '视频封面时长 3 秒，平台要求 8 秒到 5 分钟' },
    ]);
  });

  it('tells MP4 and MOV by the ftyp brand, and not a HEIC picture or a JPEG', () => {
    expect(sniffVideoFormat(tinyMp4({ durationMs: 1 }))?.contentType).toBe('video/mp4');
    expect(sniffVideoFormat(tinyMp4({ durationMs: 1, brand: 'qt  ' }))?.contentType).toBe('video/quicktime');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(12)]);
    expect(sniffVideoFormat(heic)).toBeNull();
    expect(sniffVideoFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBeNull();
  });
});
