import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { LEGACY_PARTIAL_NAME, PARTIAL_DIR } from '../../adapters/storage/local-object-store.ts';

/** The names inside a backup (and, but for the manifest, inside DATA_DIR). */
export const BACKUP_NAMES = { manifest: 'manifest.json', database: 'listing.db', media: 'media', secrets: 'secrets.json' } as const;

export type MediaTally = { readonly files: number; readonly bytes: number };

/** A file the local store is still writing (or a crash left): never part of a backup. */
const unfinished = (name: string): boolean => name === PARTIAL_DIR || name.endsWith('.tmp') || LEGACY_PARTIAL_NAME.test(name);

/** Every finished media file under `root`, as paths relative to it ('/'-separated, as object keys are). */
export async function listMedia(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (unfinished(entry.name)) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  await walk(root, '');
  return found.sort();
}

/**
 * Copies the finished media files from one root to another. A file deleted between the listing and its copy (a
 * product deleted meanwhile) is skipped; the restore's check names any stored image left without its file.
 */
export async function copyMedia(from: string, to: string): Promise<MediaTally> {
  let files = 0;
  let bytes = 0;
  for (const relative of await listMedia(from)) {
    const target = path.join(to, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await copyFile(path.join(from, ...relative.split('/')), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += (await stat(target)).size;
  }
  return { files, bytes };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
