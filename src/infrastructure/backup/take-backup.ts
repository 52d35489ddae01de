import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sqliteFile } from '../../adapters/persistence/connection.ts';
import { backupSqlite } from '../../adapters/persistence/sqlite-backup.ts';
import { type Config } from '../config.ts';
import { BACKUP_NAMES, type MediaTally, copyMedia, sha256Of } from './backup-files.ts';
import { BackupError, newManifest } from './manifest.ts';
import { refuseSharedStores } from './stores.ts';

export type BackupReport = {
  readonly dir: string;
  readonly database: { readonly pages: number; readonly bytes: number };
  readonly media: MediaTally;
  /** The path of the copied secrets.json (sensitive), or undefined when DATA_DIR had none. */
  readonly secretsFile: string | undefined;
};

/** A backup goes into a new folder, or an empty one: never over files someone keeps. */
async function assertFreshTarget(dir: string): Promise<void> {
  let entries: string[];
  try {
    if (!(await stat(dir)).isDirectory()) throw new BackupError(`${dir} 已存在且不是目录：请给一个新的或空的目录`);
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (entries.length > 0) throw new BackupError(`${dir} 已存在且不是空目录：请给一个新的或空的目录（备份不覆盖已有文件）`);
}

/** Writes the manifest and flushes it to disk: it is the last file, and the rename after it publishes the backup. */
async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * `npm run backup -- DIR` (README "Backup and restore"): the database through SQLite's online backup API (the
 * service may keep running), then the finished media files, then secrets.json (0600), all into a hidden folder
 * beside DIR; the manifest is written last and the folder renamed to DIR. A backup killed half-way leaves only the
 * hidden folder, which has no manifest, so `restore` refuses it.
 */
export async function takeBackup(config: Config, dir: string, serviceVersion: string): Promise<BackupReport> {
  refuseSharedStores(config, 'backup');
  const target = path.resolve(dir);
  await assertFreshTarget(target);
  const database = sqliteFile(config.databaseUrl);
  if (database === ':memory:' || !existsSync(database)) throw new BackupError(`没有找到数据库 ${database}：DATA_DIR / DATABASE_URL 设置对吗？`);

  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  await mkdir(temp, { mode: 0o700 });
  try {
    const copiedDatabase = path.join(temp, BACKUP_NAMES.database);
    const { pages } = await backupSqlite(database, copiedDatabase);
    await chmod(copiedDatabase, 0o600);
    const media = await copyMedia(path.join(config.dataDir, BACKUP_NAMES.media), path.join(temp, BACKUP_NAMES.media));
    const secrets = path.join(config.dataDir, BACKUP_NAMES.secrets);
    const hasSecrets = existsSync(secrets);
    if (hasSecrets) {
      await copyFile(secrets, path.join(temp, BACKUP_NAMES.secrets));
      await chmod(path.join(temp, BACKUP_NAMES.secrets), 0o600);
    }
    const bytes = (await stat(copiedDatabase)).size;
    const manifest = newManifest({
      created_at: new Date().toISOString(),
      service_version: serviceVersion,
      database: { file: BACKUP_NAMES.database, sha256: await sha256Of(copiedDatabase), bytes },
      media,
      secrets: hasSecrets,
    });
    await writeDurably(path.join(temp, BACKUP_NAMES.manifest), JSON.stringify(manifest, null, 2) + '\n');
    // Over an empty DIR too: rename(2) replaces an empty directory.
    await rename(temp, target);
    return { dir: target, database: { pages, bytes }, media, secretsFile: hasSecrets ? path.join(target, BACKUP_NAMES.secrets) : undefined };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
