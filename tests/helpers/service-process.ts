import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServiceProcess = {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  /** Resolves with the exit code once the process has exited. */
  exited(): Promise<number | null>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A port something already listens on, and the function that frees it. */
export async function takenPort(): Promise<{ port: number; free(): Promise<void> }> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return { port: (blocker.address() as { port: number }).port, free: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

/** Starts the real service (`src/main.ts`) as a child process and waits until /api/health answers. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a loaded 2-core CI machine has taken over 20 s to import the service.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}): ${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not start: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, stdout: () => out, exited: () => exit };
}

/** A PostgreSQL database of its own on the TEST_DATABASE_URL server (main.ts takes no schema option), and its drop. */
export async function scratchPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase(adminUrl);
  await sql`create database ${sql.id(database)}`.execute(admin.db);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openDatabase(adminUrl);
      await sql`drop database if exists ${sql.id(database)} with (force)`.execute(again.db);
      await again.close();
    },
  };
}
