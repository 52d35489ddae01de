import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAMES } from './backup-files.ts';

/** What `npm run backup` writes last: its presence is what makes a folder a finished backup. */
export type Manifest = {
  readonly format: 'listing-workflow-backup';
  readonly version: 1;
  readonly created_at: string;
  readonly service_version: string;
  readonly database: { readonly file: string; readonly sha256: string; readonly bytes: number };
  readonly media: { readonly files: number; readonly bytes: number };
  /** Whether secrets.json was copied (absent when every secret comes from the environment). */
  readonly secrets: boolean;
};

const FORMAT: Manifest['format'] = 'listing-workflow-backup';

/** Thrown with a message for the operator (Chinese, naming the path). */
export class BackupError extends Error {}

/** Reads and checks a backup's manifest; a folder without a valid one is not a backup (a half-written one included). */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, BACKUP_NAMES.manifest), 'utf8');
  } catch {
    throw new BackupError(`${dir} 不是备份：没有 ${BACKUP_NAMES.manifest}（备份未完成或不是 npm run backup 生成的目录）`);
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${dir} 不是备份：${BACKUP_NAMES.manifest} 不是有效的 JSON`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || typeof manifest.database?.sha256 !== 'string' || typeof manifest.media?.files !== 'number')
    throw new BackupError(`${dir} 不是备份：${BACKUP_NAMES.manifest} 的格式不认识`);
  return manifest as Manifest;
}

export const newManifest = (fields: Omit<Manifest, 'format' | 'version'>): Manifest => ({ format: FORMAT, version: 1, ...fields });
