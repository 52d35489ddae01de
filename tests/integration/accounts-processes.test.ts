import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { GOOD_PASSWORD } from '../helpers/accounts.ts';
import { scratchPostgresDatabase, startServiceProcess, type ServiceProcess } from '../helpers/service-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRETS = {
  APP_TOKEN: 'proc-app-token-0123456789',
  JWT_SECRET: 'proc-jwt-secret-that-is-at-least-32-bytes',
  SECRET_KEY: 'proc-secret-key-0123456789abcdef',
};

/** `npm run user -- add …` with the password on standard input. */
function runUserCommand(args: string[], stdin: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/infrastructure/cli/user.ts'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

/** A database URL of its own for the processes (main.ts takes no schema option), and how to drop it. */
async function processDatabase(name: 'sqlite' | 'postgres', dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (name === 'sqlite') return { url: `sqlite://${path.join(dataDir, 'shared.db')}`, drop: async () => {} };
  return scratchPostgresDatabase(process.env.TEST_DATABASE_URL!, 'acc');
}

const post = (base: string, url: string, body: unknown, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe.each(testDatabases().map((db) => db.name))('accounts across two processes on one %s database', (name) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('creates the first admin by command (password on stdin) and revokes a disabled user on the other instance within 5 s', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-acc-proc-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await processDatabase(name, dataDir);
    cleanups.push(() => database.drop());
    const env = { ...SECRETS, DATA_DIR: dataDir, DATABASE_URL: database.url };

    const added = await runUserCommand(['add', 'chief', '--role', 'admin'], `${GOOD_PASSWORD}\n`, env);
    expect(added.code, added.out).toBe(0);
    expect(added.out).not.toContain(GOOD_PASSWORD);
    const weak = await runUserCommand(['add', 'second', '--role', 'admin'], 'short\n', env);
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('密码至少');

    const a: ServiceProcess = await startServiceProcess(env);
    cleanups.push(() => void a.child.kill('SIGKILL'));
    const b: ServiceProcess = await startServiceProcess(env);
    cleanups.push(() => void b.child.kill('SIGKILL'));

    const chief = (await (await post(a.url, '/api/auth/login', { username: 'chief', password: GOOD_PASSWORD })).json()) as { access_token: string };
    const created = await post(a.url, '/api/users', { username: 'olya', password: GOOD_PASSWORD, role: 'operator' }, chief.access_token);
    expect(created.status).toBe(201);
    const olyaId = ((await created.json()) as { id: string }).id;
    // Olya logs in on instance B and works there; B now has her cached.
    const olya = (await (await post(b.url, '/api/auth/login', { username: 'olya', password: GOOD_PASSWORD })).json()) as { access_token: string };
    const onB = () => fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${olya.access_token}` } });
    expect((await onB()).status).toBe(200);

    const disabledAt = Date.now();
    const disable = await fetch(`${a.url}/api/users/${olyaId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${chief.access_token}` },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disable.status).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - disabledAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await onB()).status;
    }
    expect(status).toBe(401);
  }, 90_000);
});
