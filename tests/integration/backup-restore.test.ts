import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type CountingCdn, startCountingCdn } from '../fakes/counting-cdn.ts';
import { type Api, loginTo, until } from '../helpers/service-api.ts';
import { type ServiceProcess, startServiceProcess } from '../helpers/service-process.ts';
import { materials } from '../helpers/two-instances.ts';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { restoreBackup } from '../../src/infrastructure/backup/restore-backup.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = 3;
const IMAGES_EACH = 5;

type Run = { code: number | null; out: string; child: ChildProcess };

/** Runs `npm run backup|restore` as the operator does (the script's command, without npm's own start-up). */
function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `src/infrastructure/cli/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, child }))) };
}

describe('backup of a running service, restore, and a backup killed half-way', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lws-backup-run-'));
  const cleanups: (() => unknown)[] = [() => rmSync(root, { recursive: true, force: true })];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = path.join(root, 'data');
  let cdn: CountingCdn;
  let service: ServiceProcess;
  let api: Api;
  let appToken = '';

  it('a backup taken while products are written restores every write acknowledged before it began, every image readable', async () => {
    cdn = await startCountingCdn();
    cleanups.push(() => cdn.close());
    service = await startServiceProcess({ DATA_DIR: dataDir, OUTBOUND_ALLOW_PRIVATE: 'true' });
    cleanups.push(() => service.child.kill('SIGKILL'));
    appToken = /App token \(kept in .*secrets\.json\): (\S+)/.exec(service.stdout())![1]!;
    api = await loginTo(service, appToken);
    const collected: string[] = [];
    for (let n = 0; n < PRODUCTS; n++) collected.push((await api('POST', '/api/materials', materials(cdn.url, n, IMAGES_EACH))).json.product_id);
    const storedOf = async (id: string, on = api) =>
      ((await on('GET', `/api/products/${id}/assets`)).json.items as { status: string; stored_url: string }[]).filter((a) => a.status === 'stored');
    await until('images stored', async () => (await Promise.all(collected.map((id) => storedOf(id)))).every((stored) => stored.length === IMAGES_EACH));

    // A writer through the API the whole time: each product's id with when its 201 came.
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const created = await api('POST', '/api/products', { name: `写入 ${n}`, offer_id: `BK-${n}` });
        expect(created.status).toBe(201);
        acknowledged.push({ id: created.json.id, at: Date.now() });
      }
    })();
    await until('writes going on', () => acknowledged.length >= 5);
    const began = Date.now();
    const backup = await command('backup', [path.join(root, 'backup')], { DATA_DIR: dataDir }).done;
    const ended = Date.now();
    await until('writes after the backup', () => acknowledged.some((write) => write.at > ended));
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/secrets\.json：敏感/);
    expect(acknowledged.filter((write) => write.at > began && write.at < ended).length).toBeGreaterThan(0); // written during it

    const restoredDir = path.join(root, 'restored');
    const restore = await command('restore', [path.join(root, 'backup')], { DATA_DIR: restoredDir }).done;
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/完整性检查 ok，外键无问题/);
    expect(restore.out).toMatch(/每张已存储的图片都有文件/);

    const restored = await startServiceProcess({ DATA_DIR: restoredDir });
    cleanups.push(() => restored.child.kill('SIGKILL'));
    const onRestored = await loginTo(restored, appToken); // the same app token: secrets.json came back
    for (const { id } of acknowledged.filter((write) => write.at < began)) expect((await onRestored('GET', `/api/products/${id}`)).status).toBe(200);
    for (const id of collected) {
      const stored = await storedOf(id, onRestored);
      expect(stored).toHaveLength(IMAGES_EACH);
      for (const { stored_url } of stored) {
        const image = await fetch(new URL(stored_url, restored.url));
        expect(image.status).toBe(200);
        expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
      }
    }
    expect((await onRestored('GET', '/api/health')).json).toMatchObject({ status: 'ok', db: 'ok' });
    restored.child.kill('SIGTERM');
    expect(await restored.exited()).toBe(0);
  }, 90_000);

  it('a backup killed with SIGKILL half-way leaves no folder that restore accepts', async () => {
    // Enough files that the copy takes a while: the kill lands inside it.
    const bulk = path.join(dataDir, 'media', 'bulk');
    mkdirSync(bulk, { recursive: true });
    for (let n = 0; n < 3000; n++) writeFileSync(path.join(bulk, `${n}.bin`), 'x'.repeat(2048));
    const target = path.join(root, 'killed');
    const run = command('backup', [target], { DATA_DIR: dataDir });
    const partial = () => readdirSync(root).find((name) => name.startsWith('.killed.partial-'));
    await until('the backup under way', () => partial() !== undefined && existsSync(path.join(root, partial()!, 'media')), 30_000);
    run.child.kill('SIGKILL');
    expect((await run.done).code).toBeNull();
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(root, partial()!, 'manifest.json'))).toBe(false);
    // What `npm run restore` runs, in-process (the refusals' wording as a command: backup-inputs.test.ts).
    for (const dir of [target, path.join(root, partial()!)])
      await expect(restoreBackup(loadConfig({ DATA_DIR: path.join(root, 'never') }), dir, { force: false })).rejects.toThrow(/不是备份：没有 manifest\.json/);
    expect(existsSync(path.join(root, 'never'))).toBe(false);
  }, 60_000);
});
