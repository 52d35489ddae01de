import { type ServerResponse } from 'node:http';
import { type FakeServer, startFakeServer } from './fake-server.ts';
import { tinyMp4, tinyMp4Head } from './tiny-mp4.ts';

/** The movie header placed after the media data, as cameras write files before "fast start". */
function moovLast(file: Buffer): Buffer {
  const ftypEnd = file.readUInt32BE(0);
  const moovEnd = ftypEnd + file.readUInt32BE(ftypEnd);
  return Buffer.concat([file.subarray(0, ftypEnd), file.subarray(moovEnd), file.subarray(ftypEnd, moovEnd)]);
}

/** The file without its movie header: an MP4 by its first bytes whose duration nobody can read. */
function withoutMoov(file: Buffer): Buffer {
  const ftypEnd = file.readUInt32BE(0);
  return Buffer.concat([file.subarray(0, ftypEnd), file.subarray(ftypEnd + file.readUInt32BE(ftypEnd))]);
}

const send = (response: ServerResponse, body: Buffer, contentType: string): void => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': String(body.byteLength) });
  response.end(body);
};

/** Writes one piece, waiting for the socket to drain: never more than a piece in memory. */
async function write(response: ServerResponse, piece: Buffer): Promise<void> {
  if (response.write(piece)) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.on('drain', done).on('close', done);
  });
}

/**
 * Writes a video of `totalBytes` in 1 MiB chunks, waiting for the socket: never the whole file in memory. `moovLast`
 * puts the movie header after the media data (a QuickTime file as a camera writes it).
 */
async function sendLarge(response: ServerResponse, durationMs: number, totalBytes: number, moovLast = false): Promise<void> {
  const brand = moovLast ? 'qt  ' : 'isom';
  const mdatBytes = totalBytes - tinyMp4Head({ durationMs, brand }).byteLength;
  const head = tinyMp4Head({ durationMs, brand, mdatBytes });
  const ftypEnd = head.readUInt32BE(0);
  const [ftyp, moov, mdatHeader] = [head.subarray(0, ftypEnd), head.subarray(ftypEnd, head.byteLength - 8), head.subarray(head.byteLength - 8)];
  response.writeHead(200, { 'content-type': moovLast ? 'video/quicktime' : 'video/mp4', 'content-length': String(head.byteLength + mdatBytes) });
  await write(response, moovLast ? Buffer.concat([ftyp, mdatHeader]) : head);
  const chunk = Buffer.alloc(1024 * 1024, 0x5a);
  for (let left = mdatBytes; left > 0 && !response.destroyed; left -= chunk.byteLength)
    await write(response, left >= chunk.byteLength ? chunk : chunk.subarray(0, left));
  if (moovLast && !response.destroyed) await write(response, moov);
  response.end();
}

/**
 * A CDN serving videos built at test time (tests/fakes/tiny-mp4.ts): `/ok.mp4` 12.5 s, `/short.mp4` 3 s,
 * `/late.mov` a QuickTime file with its movie header at the end, `/jpeg.mp4` a JPEG under a video name,
 * `/large/<MB>.mp4` a 20 s video of that many megabytes (10⁶ bytes), streamed (`.mov`: its movie header last), `/headless.mp4` an MP4 without its
 * movie header, `/cut.mp4` `/ok.mp4`'s file cut inside its media data (sent whole as far as HTTP goes), `/busy/<n>/<name>.mp4` 503 the first n times per path, then `/ok.mp4`'s file.
 */
export async function startFakeVideoCdn(): Promise<FakeServer> {
  const busyHits = new Map<string, number>();
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
  return startFakeServer(async (request, response) => {
    const pathname = new URL(request.url, 'http://cdn').pathname;
    const large = /^\/large\/(\d+)\.(mp4|mov)$/.exec(pathname);
    if (large) return sendLarge(response, 20_000, Number(large[1]) * 1_000_000, large[2] === 'mov');
    if (pathname === '/ok.mp4') return send(response, tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 }), 'video/mp4');
    if (pathname === '/short.mp4') return send(response, tinyMp4({ durationMs: 3_000 }), 'video/mp4');
    if (pathname === '/late.mov') return send(response, moovLast(tinyMp4({ durationMs: 61_000, brand: 'qt  ', mdatBytes: 300_000 })), 'video/quicktime');
    if (pathname === '/jpeg.mp4') return send(response, jpeg, 'video/mp4');
    if (pathname === '/cut.mp4') return send(response, tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 }).subarray(0, 100_000), 'video/mp4');
    if (pathname === '/headless.mp4') return send(response, withoutMoov(tinyMp4({ durationMs: 12_500 })), 'video/mp4');
    const busy = /^\/busy\/(\d+)\//.exec(pathname);
    if (busy) {
      const seen = (busyHits.get(pathname) ?? 0) + 1;
      busyHits.set(pathname, seen);
      if (seen <= Number(busy[1])) return void response.writeHead(503).end();
      return send(response, tinyMp4({ durationMs: 12_500, mdatBytes: 200_000 }), 'video/mp4');
    }
    response.writeHead(404).end();
  });
}
