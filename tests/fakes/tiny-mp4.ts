/**
 * A minimal, valid MP4 built in code (no binary fixtures): `ftyp`, a `moov` holding an `mvhd` that states the
 * duration, and an `mdat` of filler bytes so a test can choose the file size. Enough for any parser that reads
 * the duration from the movie header, as players and the marketplace do.
 */
const box = (type: string, payload: Uint8Array): Buffer => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.byteLength, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

function movieHeader(durationMs: number): Buffer {
  const body = Buffer.alloc(100); // version 0: flags, times, timescale, duration, rate, volume, matrix, next track
  body.writeUInt32BE(1000, 12); // timescale: milliseconds
  body.writeUInt32BE(durationMs, 16);
  body.writeUInt32BE(0x00010000, 20); // rate 1.0
  body.writeUInt16BE(0x0100, 24); // volume 1.0
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((value, i) => body.writeUInt32BE(value, 36 + i * 4));
  body.writeUInt32BE(2, 96); // next track id
  return box('mvhd', body);
}

export type TinyMp4Options = { readonly durationMs: number; readonly brand?: 'isom' | 'qt  '; readonly mdatBytes?: number };

/** The head of the file: `ftyp` and `moov` (the `mdat` header follows, announcing `mdatBytes` of payload). */
export function tinyMp4Head({ durationMs, brand = 'isom', mdatBytes = 16 }: TinyMp4Options): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}mp41`, 'latin1')]));
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + mdatBytes, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, box('moov', movieHeader(durationMs)), mdatHeader]);
}

/** A whole small file (only for small sizes: big ones are streamed as head + filler, see the bench). */
export function tinyMp4(options: TinyMp4Options): Buffer {
  const mdatBytes = options.mdatBytes ?? 16;
  return Buffer.concat([tinyMp4Head({ ...options, mdatBytes }), Buffer.alloc(mdatBytes, 0x5a)]);
}
