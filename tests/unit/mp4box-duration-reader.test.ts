import { createFile } from 'mp4box';
import { describe, expect, it } from 'vitest';
import { makeMp4boxDurationReader } from '../../src/adapters/images/mp4box-duration-reader.ts';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';

/** Feeds the file in pieces of `size` bytes, as a download hands them over. */
function read(file: Buffer, size: number) {
  const reader = makeMp4boxDurationReader().start();
  for (let at = 0; at < file.byteLength; at += size) reader.push(file.subarray(at, at + size));
  return reader;
}
const durationOf = (file: Buffer, size: number): number | null => read(file, size).durationMs();

/** The movie header after the media data, as cameras write files before "fast start". */
function moovLast(file: Buffer): Buffer {
  const ftypEnd = file.readUInt32BE(0);
  const moovEnd = ftypEnd + file.readUInt32BE(ftypEnd);
  return Buffer.concat([file.subarray(0, ftypEnd), file.subarray(moovEnd), file.subarray(ftypEnd, moovEnd)]);
}

/** A fragmented MP4 as mp4box writes one: no duration in the movie header and no `mehd`, one fragment a second. */
function fragmented(seconds: number): Buffer {
  const file = createFile();
  const track = file.addTrack({
    type: 'avc1',
    timescale: 1000,
    width: 16,
    height: 16,
    avcDecoderConfigRecord: new Uint8Array([1, 66, 0, 31, 255, 224, 0, 0]).buffer,
  });
  for (let second = 0; second < seconds; second += 1)
    file.addSample(track, new Uint8Array(300), { duration: 1000, dts: second * 1000, cts: second * 1000, is_sync: true });
  const stream = file.getBuffer();
  return Buffer.from(stream.buffer, 0, stream.byteLength);
}

describe('the mp4box duration reader', () => {
  it('reads the movie header first or last, whatever the pieces the bytes come in', () => {
    const first = tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 });
    const last = moovLast(tinyMp4({ durationMs: 61_000, brand: 'qt  ', mdatBytes: 300_000 }));
    expect(durationOf(moovLast(tinyMp4({ durationMs: 9_000, mdatBytes: 500 })), 5), 'five bytes at a time').toBe(9_000);
    for (const size of [4_096, 65_536, 1_000_000]) {
      expect(durationOf(first, size), `moov first, ${size}`).toBe(12_500);
      expect(durationOf(last, size), `moov last, ${size}`).toBe(61_000);
    }
  });

  it('takes a fragmented MP4’s duration from its fragments once read to the end; a file without a movie header has none', () => {
    for (const size of [100, 1_000, 100_000]) expect(durationOf(fragmented(10), size), `${size}`).toBe(10_000);
    expect(durationOf(tinyMp4({ durationMs: 9_000 }).subarray(0, 24), 8)).toBeNull();
  });

  it('tells a file cut short (inside its media data, its movie header or a box header) from a whole one, in any pieces', () => {
    const first = tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 });
    const last = moovLast(tinyMp4({ durationMs: 61_000, brand: 'qt  ', mdatBytes: 300_000 }));
    const cuts: [string, Buffer][] = [
      ['moov first, inside mdat', first.subarray(0, 100_000)],
      ['moov first, one byte short', first.subarray(0, first.byteLength - 1)],
      ['moov last, inside mdat', last.subarray(0, 150_000)],
      ['moov last, inside moov', last.subarray(0, last.byteLength - 20)],
      ['inside the next box header', Buffer.concat([first, Buffer.from([0, 0, 0, 16])])],
    ];
    for (const size of [5, 4_096, 1_000_000]) {
      expect(read(first, size).complete(), `whole, moov first, ${size}`).toBe(true);
      expect(read(last, size).complete(), `whole, moov last, ${size}`).toBe(true);
      expect(read(fragmented(3), size).complete(), `whole, fragmented, ${size}`).toBe(true);
      for (const [name, cut] of cuts) expect(read(cut, size).complete(), `${name}, ${size}`).toBe(false);
    }
    // Cut inside the media data, the movie header before it still gives the duration: only the walk tells.
    expect(durationOf(first.subarray(0, 100_000), 4_096)).toBe(12_500);
  });
});
