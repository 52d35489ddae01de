import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);

/** Writes a file under the media folder, its last write set to `mtime`. */
function mediaFile(media: string, key: string, bytes: Uint8Array, mtime: Date): string {
  const file = path.join(media, ...key.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  utimesSync(file, mtime, mtime);
  return file;
}

describe('unfinished media files: never served, swept at start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-partial-'));
  const media = path.join(dataDir, 'media');
  const half = tinyMp4({ durationMs: 10_000, mdatBytes: 20_000 }).subarray(0, 5_000);
  let t: TestApp;
  let left: Record<'legacy' | 'partial' | 'real' | 'realWithDigits', string>;

  beforeAll(async () => {
    // What a kill -9 during a video download left before (beside the target) and now (under .partial), an hour ago,
    // beside real media that must stay, one with a name close to the old temp names.
    left = {
      legacy: mediaFile(media, 'products/p1/a1.mp4.4242.1764000000000.tmp', half, HOUR_AGO),
      partial: mediaFile(media, '.partial/1764000000000-0b6f.tmp', half, HOUR_AGO),
      real: mediaFile(media, 'products/p1/a2.mp4', half, HOUR_AGO),
      realWithDigits: mediaFile(media, 'suites/s1/01-v1.2.jpg', half, HOUR_AGO),
    };
    t = await startTestApp({ dataDir });
    await t.container.cradle.partialWriteSweep.settled();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes the stale unfinished files at start and keeps real media', () => {
    expect(existsSync(left.legacy)).toBe(false);
    expect(existsSync(left.partial)).toBe(false);
    expect(existsSync(left.real)).toBe(true);
    expect(existsSync(left.realWithDigits)).toBe(true);
  });

  it('never serves an unfinished file, in either place, while it is there', async () => {
    const now = new Date();
    mediaFile(media, 'products/p1/a3.mp4.4242.1764000000001.tmp', half, now);
    mediaFile(media, '.partial/1764000000001-77aa.tmp', half, now);
    for (const url of [
      '/media/products/p1/a3.mp4.4242.1764000000001.tmp',
      '/media/.partial/1764000000001-77aa.tmp',
      '/media/%2Epartial/1764000000001-77aa.tmp',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.rawPayload.includes(half), url).toBe(false);
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/products/p1/a2.mp4' })).statusCode).toBe(200);
  });

  it('writes through .partial: a stored object leaves nothing unfinished behind', async () => {
    const store = t.container.cradle.objectStore;
    await store.putStream(
      'products/p2/v.mp4',
      (async function* () {
        yield half;
      })(),
      'video/mp4',
    );
    await store.put('products/p2/i.jpg', half, 'image/jpeg');
    expect(readdirSync(path.join(media, 'products', 'p2')).sort()).toEqual(['i.jpg', 'v.mp4']);
    // Only the file the test before put there by hand.
    expect(readdirSync(path.join(media, '.partial'))).toEqual(['1764000000001-77aa.tmp']);
  });
});
