import { type ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { type FakeServer, type RecordedRequest, startFakeServer } from './fake-server.ts';

/** The Referer `/hotlink/*` insists on (what 1688's CDN is known to accept). */
export const HOTLINK_REFERER = 'https://detail.1688.com/';

export type CdnImages = {
  readonly jpeg: Buffer;
  readonly png: Buffer;
  readonly webp: Buffer;
  /** 200×100 pixels stored, EXIF orientation 6: shown (and normalised) as 100×200. */
  readonly rotated: Buffer;
  /** A PNG whose header claims 30 000 × 30 000 pixels (a decompression bomb's calling card). */
  readonly bomb: Buffer;
};

export type FakeCdn = FakeServer & {
  readonly images: CdnImages;
  /** Requests whose path (without query) is `pathname`. */
  hits(pathname: string): RecordedRequest[];
  /** Lets every held `/gate/*` request answer. */
  release(): void;
  /** Makes a `/broken/*` path answer 200 from now on. */
  heal(pathname: string): void;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

function bombPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.alloc(16)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function makeCdnImages(): Promise<CdnImages> {
  const base = sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return {
    jpeg: await base.clone().jpeg().toBuffer(),
    png: await base.clone().png().toBuffer(),
    webp: await base.clone().webp().toBuffer(),
    rotated: await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer(),
    bomb: bombPng(30_000),
  };
}

function send(response: ServerResponse, status: number, body: Buffer | string, contentType: string): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * A fake image CDN with the behaviours the download pipeline must survive. The first path segment picks one:
 * `hotlink` (403 unless Referer is HOTLINK_REFERER), `no-referer` (403 whenever a Referer is sent, like alicdn
 * with a foreign one), `jpeg`, `png`, `webp` (served as octet-stream), `rotated`, `bomb`, `missing` (404),
 * `flaky` (503 twice, then 200), `huge` (21 MB streamed without length), `gate` (held until `release()`),
 * `thumbs` (only the original, suffix-free path exists), `broken` (404 until `heal()`), `html`.
 * Any path takes `?delay=<ms>` to answer late.
 */
export async function startFakeCdn(): Promise<FakeCdn> {
  const images = await makeCdnImages();
  const gateWaiters: (() => void)[] = [];
  let gateOpen = false;
  const healed = new Set<string>();
  const flakyHits = new Map<string, number>();

  const server = await startFakeServer(async (request, response) => {
    const url = new URL(request.url, 'http://cdn');
    const delay = Number(url.searchParams.get('delay') ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const kind = url.pathname.split('/')[1] ?? '';
    const referer = request.headers.referer;
    const jpeg = () => send(response, 200, images.jpeg, 'image/jpeg');
    switch (kind) {
      case 'hotlink':
        return referer === HOTLINK_REFERER ? jpeg() : send(response, 403, 'hotlink denied', 'text/plain');
      case 'no-referer':
        return referer ? send(response, 403, 'foreign referer', 'text/plain') : jpeg();
      case 'jpeg':
        return jpeg();
      case 'png':
        return send(response, 200, images.png, 'image/png');
      case 'webp':
        return send(response, 200, images.webp, 'application/octet-stream');
      case 'rotated':
        return send(response, 200, images.rotated, 'image/jpeg');
      case 'bomb':
        return send(response, 200, images.bomb, 'image/png');
      case 'flaky': {
        const seen = (flakyHits.get(url.pathname) ?? 0) + 1;
        flakyHits.set(url.pathname, seen);
        return seen <= 2 ? send(response, 503, 'busy', 'text/plain') : jpeg();
      }
      case 'huge': {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.write(images.jpeg.subarray(0, 3));
        const chunk = Buffer.alloc(1024 * 1024, 7);
        // Respects backpressure; a client that hangs up simply never asks for more.
        const writeFrom = (sent: number): void => {
          if (sent >= 21 || response.destroyed) return void response.end();
          if (response.write(chunk)) writeFrom(sent + 1);
          else response.once('drain', () => writeFrom(sent + 1));
        };
        return writeFrom(0);
      }
      case 'gate':
        if (!gateOpen) await new Promise<void>((resolve) => gateWaiters.push(resolve));
        return jpeg();
      case 'thumbs':
        return /_\d+x\d+|_\.webp/.test(url.pathname) ? send(response, 404, 'no thumbnail here', 'text/plain') : jpeg();
      case 'broken':
        return healed.has(url.pathname) ? jpeg() : send(response, 404, 'not yet', 'text/plain');
      case 'html':
        return send(response, 200, '<html><body>not an image</body></html>', 'text/html');
      default:
        return send(response, 404, 'not found', 'text/plain');
    }
  });

  return {
    ...server,
    images,
    hits: (pathname) => server.requests.filter((request) => request.url.split('?')[0] === pathname),
    release() {
      gateOpen = true;
      for (const resolve of gateWaiters.splice(0)) resolve();
    },
    heal: (pathname) => void healed.add(pathname),
  };
}
