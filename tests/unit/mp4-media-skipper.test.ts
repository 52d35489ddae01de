import { describe, expect, it } from 'vitest';
import { makeMediaSkipper } from '../../src/adapters/images/mp4-media-skipper.ts';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';

/** The bytes a skipper keeps of a file fed in pieces of `size`. */
function kept(file: Buffer, size: number): Buffer {
  const skipper = makeMediaSkipper();
  const out: Buffer[] = [];
  for (let at = 0; at < file.byteLength; at += size) {
    const chunk = file.subarray(at, at + size);
    for (const part of skipper.parts(chunk)) out.push(chunk.subarray(part.from, part.to));
  }
  return Buffer.concat(out);
}

const sized = (type: string, payload: Buffer): Buffer => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.byteLength, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

describe('the media skipper', () => {
  it('keeps every box but the media data’s payload, in any pieces', () => {
    const file = tinyMp4({ durationMs: 10_000, mdatBytes: 5_000 });
    const withoutMedia = file.subarray(0, file.byteLength - 5_000); // ftyp, moov and the mdat header
    for (const size of [1, 5, 8, 100, 100_000]) expect(kept(file, size).equals(withoutMedia), `${size}`).toBe(true);
  });

  it('finds the boxes after the media data (a movie header last) and reads 64-bit sizes', () => {
    const moov = sized('moov', Buffer.alloc(40, 7));
    const large = Buffer.alloc(16 + 3_000, 0x5a);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(large.byteLength), 8);
    const file = Buffer.concat([sized('ftyp', Buffer.from('qt  ', 'latin1')), large, moov]);
    const expected = Buffer.concat([file.subarray(0, 12 + 16), moov]);
    for (const size of [3, 16, 1_000, 10_000]) expect(kept(file, size).equals(expected), `${size}`).toBe(true);
  });
});
