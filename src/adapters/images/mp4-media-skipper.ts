/** A part of a chunk, by offsets into it. */
export type ChunkPart = { readonly from: number; readonly to: number };

/**
 * Follows an MP4/MOV's top-level boxes as the bytes pass and says which parts of each chunk are not media data
 * (`mdat` payload): the box headers, `moov`, `moof` and the rest. The duration reader hands mp4box only those, so
 * a 100 MB file whose movie header comes last is not copied chunk by chunk for a parser that discards it anyway.
 * Following the boxes also tells whether the file is whole: the last box must end where the bytes end.
 */
export function makeMediaSkipper(): { parts(chunk: Uint8Array): ChunkPart[]; complete(): boolean } {
  let position = 0; // file position of the chunk's first byte
  let nextBox = 0; // where the next top-level box header starts
  let mediaEnd = 0; // end of the current `mdat` payload
  const header = new Uint8Array(16);
  let headerBytes = 0;

  /** The header being read is complete: where its box ends, and whether its payload is media data. */
  function readHeader(boxStart: number): boolean {
    const view = new DataView(header.buffer);
    const size32 = view.getUint32(0);
    if (size32 === 1 && headerBytes < 16) return false; // a 64-bit size follows the type
    const size = size32 === 1 ? Number(view.getBigUint64(8)) : size32 === 0 ? Number.POSITIVE_INFINITY : size32;
    const type = String.fromCharCode(...header.subarray(4, 8));
    nextBox = boxStart + Math.max(size, headerBytes);
    if (type === 'mdat') mediaEnd = nextBox;
    headerBytes = 0;
    return true;
  }

  return {
    parts(chunk) {
      const start = position;
      const end = start + chunk.byteLength;
      position = end;
      const parts: ChunkPart[] = [];
      const keep = (from: number, to: number): void => {
        const last = parts[parts.length - 1];
        if (last && last.to === from - start) parts[parts.length - 1] = { from: last.from, to: to - start };
        else parts.push({ from: from - start, to: to - start });
      };
      for (let at = start; at < end;) {
        if (at < mediaEnd) {
          at = Math.min(end, mediaEnd);
        } else if (at < nextBox) {
          keep(at, Math.min(end, nextBox));
          at = Math.min(end, nextBox);
        } else {
          // A top-level header, perhaps split across chunks: 8 bytes, 16 with a 64-bit size.
          const boxStart = at - headerBytes;
          const take = Math.min(end - at, 16 - headerBytes, headerBytes < 8 ? 8 - headerBytes : 16 - headerBytes);
          header.set(chunk.subarray(at - start, at - start + take), headerBytes);
          headerBytes += take;
          keep(at, at + take);
          at += take;
          if (headerBytes >= 8) readHeader(boxStart);
        }
      }
      return parts;
    },
    /** No box was cut short: the bytes so far end on a box boundary (a size-0 box runs to the end by definition). */
    complete: () => headerBytes === 0 && (position === nextBox || nextBox === Number.POSITIVE_INFINITY),
  };
}
