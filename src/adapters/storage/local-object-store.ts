import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { type ObjectStore } from '../../application/ports/object-store.ts';
import { releasingDeadBuffers } from './release-dead-buffers.ts';

export type LocalObjectStoreOptions = {
  /** Folder holding the files (DATA_DIR/media). */
  readonly root: string;
  /** Absolute base such as `https://shop.example.com`; without it URLs are root-relative (`/media/…`). */
  readonly publicBaseUrl: string | undefined;
};

export const MEDIA_PREFIX = '/media/';

/**
 * Where a file is written until it is whole: a dot-folder inside the media root (the same file system, so the
 * rename into place is atomic) that /media/ never serves. A crash leaves the file there, swept at the next start.
 */
export const PARTIAL_DIR = '.partial';
/** Names earlier versions gave their unfinished files, beside the target: `<key>.<pid>.<ms>.tmp`. */
export const LEGACY_PARTIAL_NAME = /\.\d+\.\d+\.tmp$/;

/** A /media/ path naming an unfinished write (never served: it may be half a file). */
export const isPartialWrite = (pathname: string): boolean =>
  pathname.split('/').includes(PARTIAL_DIR) || LEGACY_PARTIAL_NAME.test(pathname) || pathname.endsWith('.tmp');

/** Keys are relative paths of safe segments; anything that could climb out of the root is refused. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const safe = key.length > 0 && key.length <= 512 && segments.every((s) => /^[\p{L}\p{N}._-]+$/u.test(s) && s !== '.' && s !== '..' && s !== PARTIAL_DIR);
  if (!safe) throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
}

/** Files under DATA_DIR/media, served by the app at /media/. Writes go to a file under PARTIAL_DIR first, then rename. */
export function makeLocalObjectStore({ root, publicBaseUrl }: LocalObjectStoreOptions): ObjectStore {
  const fileOf = (key: string): string => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** A fresh unfinished-file name; its folder is made on the way. */
  const partialFile = async (): Promise<string> => {
    const folder = path.join(root, PARTIAL_DIR);
    await mkdir(folder, { recursive: true });
    return path.join(folder, `${Date.now()}-${randomUUID()}.tmp`);
  };
  // What the database keeps is `/media/<key>`, never PUBLIC_BASE_URL: the public address is made when it is read
  // (urlFor, publicUrl), so changing the setting changes every stored picture's address (issue 32 item 1).
  const storedUrlFor = (key: string): string => `${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  const urlFor = (key: string): string => `${publicBaseUrl ?? ''}${storedUrlFor(key)}`;

  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = await partialFile();
      try {
        await writeFile(temp, body);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await rename(temp, file);
      return { key, url: storedUrlFor(key), bytes: body.byteLength, contentType };
    },

    async putStream(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = await partialFile();
      let bytes = 0;
      const counted = async function* () {
        for await (const chunk of releasingDeadBuffers(body)) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      };
      try {
        await pipeline(Readable.from(counted()), createWriteStream(temp));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await rename(temp, file);
      return { key, url: storedUrlFor(key), bytes, contentType };
    },

    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    urlFor,
    storedUrlFor,

    keyFromUrl(url) {
      const withoutBase = publicBaseUrl && url.startsWith(publicBaseUrl) ? url.slice(publicBaseUrl.length) : url;
      if (!withoutBase.startsWith(MEDIA_PREFIX)) return undefined;
      try {
        const key = decodeURIComponent(withoutBase.slice(MEDIA_PREFIX.length).split('?')[0]!);
        assertSafeKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
  };
}
