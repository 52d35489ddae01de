import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sqliteFile } from '../../adapters/persistence/connection.ts';
import { checkSqlite } from '../../adapters/persistence/sqlite-backup.ts';
import { MEDIA_PREFIX } from '../../adapters/storage/local-object-store.ts';
import { type Config } from '../config.ts';
import { BACKUP_NAMES, copyMedia, listMedia, sha256Of } from './backup-files.ts';
import { BackupError, type Manifest, readManifest } from './manifest.ts';
import { refuseSharedStores } from './stores.ts';

export type RestoreReport = {
  readonly dataDir: string;
  readonly manifest: Manifest;
  readonly integrity: readonly string[];
  readonly foreignKeyProblems: number;
  readonly counts: { readonly products: number; readonly assets: number };
  readonly mediaFiles: number;
  /** Stored images whose file is under /media/ but not in the restored media folder. */
  readonly missingFiles: readonly string[];
  /** Stored images kept elsewhere (another store's URL): not checked. */
  readonly elsewhere: number;
  /** Media files no asset row names (suite files, covers, leftovers): harmless. */
  readonly unreferencedFiles: number;
  readonly secretsRestored: boolean;
};

/** The object key a stored URL names in the local store, or undefined when it is not a /media/ URL. */
function mediaKeyOf(storedUrl: string): string | undefined {
  const pathname = new URL(storedUrl, 'http://local').pathname;
  if (!pathname.startsWith(MEDIA_PREFIX)) return undefined;
  return pathname.slice(MEDIA_PREFIX.length).split('/').map(decodeURIComponent).join('/');
}

/** Files in a DATA_DIR that a restore replaces, the database's own companions included. */
const replaced = (config: Config, database: string): string[] => [
  database,
  `${database}-wal`,
  `${database}-shm`,
  path.join(config.dataDir, BACKUP_NAMES.media),
  path.join(config.dataDir, BACKUP_NAMES.secrets),
];

async function assertEmptyDataDir(config: Config, database: string, force: boolean): Promise<void> {
  const entries = await readdir(config.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const occupied = entries.length > 0 || existsSync(database);
  if (occupied && !force)
    throw new BackupError(`DATA_DIR ${config.dataDir} 不是空的：恢复会替换其中的数据库、media 和 secrets.json。确认要替换请先停止服务，再加 --force`);
  if (occupied) for (const file of replaced(config, database)) await rm(file, { recursive: true, force: true });
}

/**
 * `npm run restore -- DIR [--force]` (README "Backup and restore"): checks that DIR is a finished backup (its
 * manifest, the database's checksum, the media count), copies it into DATA_DIR (empty, or replaced with --force),
 * checks the database's integrity before it takes the database's place, and compares the media files with the
 * stored images' rows.
 */
export async function restoreBackup(config: Config, dir: string, { force }: { force: boolean }): Promise<RestoreReport> {
  refuseSharedStores(config, 'restore');
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  const backupDatabase = path.join(source, BACKUP_NAMES.database);
  if (!existsSync(backupDatabase) || (await sha256Of(backupDatabase)) !== manifest.database.sha256)
    throw new BackupError(`${source} 的数据库文件与清单不符（缺失、损坏或被改动过），不能恢复`);
  const backupMedia = await listMedia(path.join(source, BACKUP_NAMES.media));
  if (backupMedia.length !== manifest.media.files)
    throw new BackupError(`${source} 的 media 目录有 ${backupMedia.length} 个文件，清单记的是 ${manifest.media.files} 个：备份不完整，不能恢复`);

  const database = sqliteFile(config.databaseUrl);
  if (database === ':memory:') throw new BackupError('DATABASE_URL 指向内存数据库，没有地方恢复');
  await assertEmptyDataDir(config, database, force);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(database), { recursive: true, mode: 0o700 });

  // Checked before it takes the database's place: a file that fails is removed and DATA_DIR keeps no database.
  const incoming = `${database}.restoring`;
  await copyFile(backupDatabase, incoming);
  await chmod(incoming, 0o600);
  const check = checkSqlite(incoming);
  if (check.integrity.join() !== 'ok') {
    await rm(incoming, { force: true });
    throw new BackupError(`数据库完整性检查未通过，没有恢复：\n${check.integrity.slice(0, 10).join('\n')}`);
  }
  await rename(incoming, database);

  const media = await copyMedia(path.join(source, BACKUP_NAMES.media), path.join(config.dataDir, BACKUP_NAMES.media));
  if (manifest.secrets) {
    const secrets = path.join(config.dataDir, BACKUP_NAMES.secrets);
    await copyFile(path.join(source, BACKUP_NAMES.secrets), secrets);
    await chmod(secrets, 0o600);
  }

  const files = new Set(backupMedia);
  const keys = check.storedUrls.map(mediaKeyOf);
  const local = keys.filter((key): key is string => key !== undefined);
  const referenced = new Set(local);
  return {
    dataDir: config.dataDir,
    manifest,
    integrity: check.integrity,
    foreignKeyProblems: check.foreignKeyProblems,
    counts: check.counts,
    mediaFiles: media.files,
    missingFiles: local.filter((key) => !files.has(key)),
    elsewhere: keys.length - local.length,
    unreferencedFiles: backupMedia.filter((file) => !referenced.has(file)).length,
    secretsRestored: manifest.secrets,
  };
}
