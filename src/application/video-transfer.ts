import { type ObjectStore, type StoredObject } from './ports/object-store.ts';
import { type VideoDurationReader } from './ports/video-fetcher.ts';
import { readHead, withHead } from './byte-streams.ts';
import { DomainError } from '../domain/common/errors.ts';
import { type VideoFormat, VIDEO_LIMITS, sniffVideoFormat, spokenDuration } from '../domain/media/video-format.ts';

/** The `ftyp` box and its major brand. */
const SNIFF_BYTES = 12;

/** A body told MP4 or MOV by its first bytes, with those bytes still in front; null format for anything else. */
export async function sniffedVideo(body: AsyncIterable<Uint8Array>): Promise<{ format: VideoFormat | null; body: AsyncIterable<Uint8Array> }> {
  const chunks = body[Symbol.asyncIterator]();
  const head = await readHead(chunks, SNIFF_BYTES);
  return { format: sniffVideoFormat(head), body: withHead(head, chunks) };
}

/** A refusal of the uploaded file, named as the field it came in (`file`) so the page can mark it. */
const refused = (kind: 'unsupported_media' | 'too_large' | 'invalid', code: string, detail: string): DomainError =>
  new DomainError(kind, code, detail, [{ path: '/file', message: detail }]);

/** The seller's words for a file that is no video, whatever its name or declared type says. */
export const notAVideo = (): DomainError => refused('unsupported_media', 'VIDEO_NOT_RECOGNISED', '不是 MP4/MOV 视频（按文件内容判断，与文件名无关）');

/** A video over MAX_VIDEO_BYTES, refused while it arrives (or before, when its declared length says so). */
export const videoTooLarge = (maxBytes: number): DomainError =>
  refused('too_large', 'VIDEO_TOO_LARGE', `视频超过 ${Math.round(maxBytes / 1024 / 1024)} MB 上限`);

/** The seller's words for a file whose boxes declare more bytes than came (cut inside its media data). */
export const VIDEO_CUT_SHORT = '视频文件不完整（媒体数据被截断）';

/** A video streamed into the store: where it is, its duration when readable, and whether its boxes arrived whole. */
export type StoredVideo = { readonly stored: StoredObject; readonly durationMs: number | null; readonly complete: boolean };

/**
 * Streams a video into the object store byte for byte while its duration is read from the passing bytes; past
 * `maxBytes` the transfer stops and nothing is kept. The caller decides what the duration and completeness allow.
 */
export async function storeVideo(
  { objectStore, durationReader }: { objectStore: ObjectStore; durationReader: VideoDurationReader },
  key: string,
  format: VideoFormat,
  body: AsyncIterable<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<StoredVideo> {
  const reader = durationReader.start();
  async function* watched(): AsyncGenerator<Uint8Array> {
    let total = 0;
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > maxBytes) throw videoTooLarge(maxBytes);
      reader.push(chunk);
      yield chunk;
    }
  }
  const stored = await objectStore.putStream(key, watched(), format.contentType);
  return { stored, durationMs: reader.durationMs(), complete: reader.complete() };
}

/**
 * An upload is refused at once when the marketplace would refuse it (docs/decisions.md, Videos: a whole file, 8 s –
 * 5 min, a readable duration): the seller is there to pick another file. The stored bytes are removed first.
 */
export async function refuseUnpublishable(objectStore: ObjectStore, { stored, durationMs, complete }: StoredVideo): Promise<number> {
  if (complete && durationMs !== null && durationMs >= VIDEO_LIMITS.minMs && durationMs <= VIDEO_LIMITS.maxMs) return durationMs;
  await objectStore.delete(stored.key);
  if (!complete) throw refused('invalid', 'VIDEO_CUT_SHORT', `${VIDEO_CUT_SHORT}，请上传完整的文件`);
  if (durationMs === null) throw refused('invalid', 'VIDEO_DURATION_UNREADABLE', '读不出视频时长（文件损坏或不是 MP4/MOV 视频）');
  throw refused('invalid', 'VIDEO_DURATION_OUT_OF_RANGE', `视频时长 ${spokenDuration(durationMs)}，平台要求 8 秒到 5 分钟`);
}
