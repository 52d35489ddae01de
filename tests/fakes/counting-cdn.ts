import { type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { startFakeServer } from './fake-server.ts';

export type CountingCdn = {
  readonly url: string;
  /** Images answered in full to a client still connected, by path. */
  readonly delivered: Map<string, number>;
  /** Requests held by `hold()` whose client hung up before the answer (its process died). */
  abandoned(): number;
  /** Requests waiting for `release()`. */
  held(): number;
  /** Requests waiting for `release()` whose client has gone already. */
  heldGone(): number;
  /** From now on requests wait for `release()`. */
  hold(): void;
  /** Requests wait for `release()` once `count` images were answered (no race with how fast the clients are). */
  holdAfter(count: number): void;
  /** Answers the held requests still connected, and later ones at once. */
  release(): void;
  close(): Promise<void>;
};

/**
 * An image CDN that counts each image it delivered, so a test can tell "downloaded once" from "started
 * twice": a request whose client dies while it is held is counted as abandoned, not delivered. Any path is a
 * small JPEG.
 */
export async function startCountingCdn(): Promise<CountingCdn> {
  const jpeg = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#c83' } })
    .jpeg()
    .toBuffer();
  const delivered = new Map<string, number>();
  let abandoned = 0;
  let holding = false;
  let answered = 0;
  let holdFrom = Number.POSITIVE_INFINITY;
  const waiting: { path: string; response: ServerResponse }[] = [];
  const gone = (response: ServerResponse): boolean => response.destroyed || response.socket === null || response.socket.destroyed;

  const answer = (path: string, response: ServerResponse): void => {
    if (gone(response)) {
      abandoned += 1;
      return;
    }
    response.once('finish', () => delivered.set(path, (delivered.get(path) ?? 0) + 1));
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
    response.end(jpeg);
  };
  const server = await startFakeServer((request, response) => {
    const path = request.url.split('?')[0]!;
    if (holding || answered >= holdFrom) waiting.push({ path, response });
    else {
      answered += 1;
      answer(path, response);
    }
  });

  return {
    url: server.url,
    delivered,
    abandoned: () => abandoned,
    held: () => waiting.length,
    heldGone: () => waiting.filter(({ response }) => gone(response)).length,
    hold: () => void (holding = true),
    holdAfter: (count) => void (holdFrom = count),
    release() {
      holding = false;
      holdFrom = Number.POSITIVE_INFINITY;
      for (const { path, response } of waiting.splice(0)) answer(path, response);
    },
    close: () => server.close(),
  };
}
