import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { buildContainer, stopContainer } from '../../src/infrastructure/container.ts';
import { takeBackup } from '../../src/infrastructure/backup/take-backup.ts';
import { restoreBackup } from '../../src/infrastructure/backup/restore-backup.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

/** Backup and restore in-process (the commands are thin): what they refuse, and what a restore finds. */
describe('backup and restore, their inputs and their checks', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lws-backup-'));
  const dataDir = path.join(root, 'data');
  const config = loadConfig({ DATA_DIR: dataDir });
  const at = (...parts: string[]) => path.join(root, ...parts);
  let backup = '';

  beforeAll(async () => {
    // A DATA_DIR as the service leaves it: a database with one stored image, its file, secrets.json.
    const container = await buildContainer(config, { logger: pino({ level: 'silent' }) });
    const { url } = await container.cradle.objectStore.put('products/p1/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    await container.cradle.objectStore.put('products/p1/b.jpg', new Uint8Array([4]), 'image/jpeg');
    const now = new Date().toISOString();
    await container.cradle.products.insert(publishableProduct({ id: 'p1' }, now));
    await container.cradle.db
      .insertInto('assets')
      .values(
        ['a', 'b'].map((name) => ({
          ...{ id: name, product_id: 'p1', group_key: 'main', group_name: 'main', variant_name: null, type: 'img', idx: 0, dedupe_key: name },
          ...{ source_url: '', referer: '', stored_url: url.replace('a.jpg', `${name}.jpg`), status: 'stored', error: null, attempts: 0 },
          ...{ content_type: 'image/jpeg', bytes: 1, width: 1, height: 1, sha256: name, created_at: now, updated_at: now },
        })),
      )
      .execute();
    await stopContainer(container);
    mkdirSync(at('data', 'media', '.partial'), { recursive: true });
    writeFileSync(at('data', 'media', '.partial', '1-x.tmp'), 'half a file');
    backup = (await takeBackup(config, at('b1'), '0.0.0')).dir;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the database, the finished media files and secrets.json (0600) and a manifest; never an unfinished file', () => {
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'listing-workflow-backup', version: 1, media: { files: 2 }, secrets: true });
    for (const file of ['listing.db', 'secrets.json', 'manifest.json']) expect(statSync(path.join(backup, file)).mode & 0o777).toBe(0o600);
    expect(() => statSync(path.join(backup, 'media', '.partial'))).toThrow();
  });

  it('refuses a backup into a non-empty directory, and takes an empty one', async () => {
    mkdirSync(at('full'));
    writeFileSync(at('full', 'keep.txt'), 'mine');
    await expect(takeBackup(config, at('full'), '0.0.0')).rejects.toThrow(/已存在且不是空目录/);
    expect(readFileSync(at('full', 'keep.txt'), 'utf8')).toBe('mine');
    await expect(takeBackup(config, at('full', 'keep.txt'), '0.0.0')).rejects.toThrow(/已存在且不是目录/);
    mkdirSync(at('empty'));
    expect((await takeBackup(config, at('empty'), '0.0.0')).media.files).toBe(2);
  });

  it('on PostgreSQL or S3 says what to use instead and copies nothing', async () => {
    const shared = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db.example/lws', OBJECT_STORE: 's3', S3_BUCKET: 'b' });
    await expect(takeBackup(shared, at('pg'), '0.0.0')).rejects.toThrow(/pg_dump[\s\S]*aws s3 sync/);
    await expect(restoreBackup(shared, backup, { force: false })).rejects.toThrow(/pg_restore/);
    expect(() => statSync(at('pg'))).toThrow();
  });

  it('refuses to restore what is not a whole backup: a data dir, a missing or altered database, missing media', async () => {
    const into = loadConfig({ DATA_DIR: at('r-refused') });
    await expect(restoreBackup(into, dataDir, { force: false })).rejects.toThrow(/不是备份：没有 manifest\.json/);
    await expect(restoreBackup(into, at('nowhere'), { force: false })).rejects.toThrow(/不是备份/);
    const copy = (await takeBackup(config, at('b-altered'), '0.0.0')).dir;
    writeFileSync(path.join(copy, 'manifest.json'), '{"format":"other"}');
    await expect(restoreBackup(into, copy, { force: false })).rejects.toThrow(/格式不认识/);
    const altered = (await takeBackup(config, at('b-altered-db'), '0.0.0')).dir;
    writeFileSync(path.join(altered, 'listing.db'), 'not a database');
    await expect(restoreBackup(into, altered, { force: false })).rejects.toThrow(/与清单不符/);
    const short = (await takeBackup(config, at('b-short'), '0.0.0')).dir;
    rmSync(path.join(short, 'media', 'products', 'p1', 'b.jpg'));
    await expect(restoreBackup(into, short, { force: false })).rejects.toThrow(/有 1 个文件，清单记的是 2 个/);
    expect(() => statSync(at('r-refused'))).toThrow(); // nothing written
  });

  it('restores into an empty DATA_DIR and checks it; a non-empty one only with --force', async () => {
    const into = loadConfig({ DATA_DIR: at('r1') });
    const report = await restoreBackup(into, backup, { force: false });
    expect(report).toMatchObject({ integrity: ['ok'], foreignKeyProblems: 0, counts: { assets: 2 }, mediaFiles: 2, missingFiles: [], secretsRestored: true });
    expect(readFileSync(at('r1', 'secrets.json'), 'utf8')).toBe(readFileSync(at('data', 'secrets.json'), 'utf8'));
    expect(statSync(at('r1', 'secrets.json')).mode & 0o777).toBe(0o600);
    await expect(restoreBackup(into, backup, { force: false })).rejects.toThrow(/不是空的[\s\S]*--force/);
    writeFileSync(at('r1', 'media', 'stray.jpg'), 'x');
    expect((await restoreBackup(into, backup, { force: true })).mediaFiles).toBe(2);
    expect(() => statSync(at('r1', 'media', 'stray.jpg'))).toThrow(); // media replaced, not merged
  });

  it("names the stored images whose file the backup lacks (a product's file deleted before the copy)", async () => {
    const gap = (await takeBackup(config, at('b-gap'), '0.0.0')).dir;
    rmSync(path.join(gap, 'media', 'products', 'p1', 'b.jpg'));
    const manifest = JSON.parse(readFileSync(path.join(gap, 'manifest.json'), 'utf8'));
    writeFileSync(path.join(gap, 'manifest.json'), JSON.stringify({ ...manifest, media: { ...manifest.media, files: 1 } }));
    const report = await restoreBackup(loadConfig({ DATA_DIR: at('r-gap') }), gap, { force: false });
    expect(report.missingFiles).toEqual(['products/p1/b.jpg']);
  });
});
