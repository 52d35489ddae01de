import { createFile, MP4BoxBuffer } from 'mp4box';
import { type VideoDurationReader } from '../../application/ports/video-fetcher.ts';

/**
 * Durations from the movie header through mp4box (GPAC's MP4 parser): fed the chunks as they download, it drops
 * the media data (`discardMdatData`), so the `moov` box is found at the start or the end of a 100 MB file with
 * only the boxes' headers kept. MOV shares the box structure.
 */
export function makeMp4boxDurationReader(): VideoDurationReader {
  return {
    start() {
      const file = createFile();
      file.discardMdatData = true;
      let durationMs: number | null = null;
      let offset = 0;
      let broken = false;
      file.onReady = (info) => {
        if (info.timescale > 0 && info.duration > 0) durationMs = Math.round((info.duration / info.timescale) * 1000);
      };
      file.onError = () => {
        broken = true;
      };
      return {
        push(chunk) {
          if (durationMs !== null || broken) return;
          const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer;
          try {
            file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
          } catch {
            broken = true; // a damaged box: the duration stays unknown and the video is refused
          }
          offset += chunk.byteLength;
        },
        durationMs: () => durationMs,
      };
    },
  };
}
