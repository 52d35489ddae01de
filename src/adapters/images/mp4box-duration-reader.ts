import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { type VideoDurationReader } from '../../application/ports/video-fetcher.ts';
import { makeMediaSkipper } from './mp4-media-skipper.ts';

const toMs = (duration: number, timescale: number): number | null => (duration > 0 && timescale > 0 ? Math.round((duration / timescale) * 1000) : null);

/**
 * A fragmented MP4's length (its movie header says 0): the `mehd` box's when the muxer wrote one, else the longest
 * track's samples as the fragments listed them, so it is known once the whole file went by.
 */
function fragmentsDuration(info: Movie): number | null {
  const fragments = info.fragment_duration;
  return fragments ? toMs(fragments.num, fragments.den) : null;
}

/**
 * Durations from the movie header through mp4box (GPAC's MP4 parser): fed the chunks as they download, it drops
 * the media data (`discardMdatData`), so the `moov` box is found at the start or the end of a 100 MB file with
 * only the boxes' headers kept. MOV shares the box structure. A fragmented file is read to its end. The media data
 * itself is not even handed over (mp4-media-skipper.ts): a movie header at the end costs no copy of the file.
 * The skipper's walk over the top-level boxes says whether their declared sizes cover the file exactly: mp4box
 * itself, told to discard the media data, does not notice an `mdat` cut short.
 */
export function makeMp4boxDurationReader(): VideoDurationReader {
  return {
    start() {
      const file = createFile();
      file.discardMdatData = true;
      let durationMs: number | null = null;
      let fragmented = false;
      let offset = 0;
      const skipper = makeMediaSkipper();
      let broken = false;
      file.onReady = (info) => {
        durationMs = toMs(info.duration, info.timescale);
        fragmented = durationMs === null && info.isFragmented;
      };
      file.onError = () => {
        broken = true;
      };
      return {
        push(chunk) {
          if (durationMs !== null || broken) {
            skipper.parts(chunk); // the boxes are still followed, to tell a file cut short
            return;
          }
          for (const part of skipper.parts(chunk)) {
            const copy = chunk.buffer.slice(chunk.byteOffset + part.from, chunk.byteOffset + part.to) as ArrayBuffer;
            try {
              file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset + part.from));
            } catch {
              broken = true; // a damaged box: the duration stays unknown and the video is refused
            }
          }
          offset += chunk.byteLength;
        },
        durationMs: () => durationMs ?? (fragmented && !broken ? fragmentsDuration(file.getInfo()) : null),
        complete: () => skipper.complete(),
      };
    },
  };
}
