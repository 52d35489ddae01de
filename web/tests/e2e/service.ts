import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfChanged } from '../../build/build-if-changed.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const APP_TOKEN = 'e2e-app-token-0123456789abcdef';

export type RunningService = {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The service's output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

/** The page as `npm start` serves it; built only when its sources changed since the last build. */
export function buildWeb(): void {
  buildWebIfChanged();
}

/** Starts `src/main.ts` as a child process on a temp data dir and a free port, and waits for /api/health. */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-e2e-'));
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_TOKEN,
      JWT_SECRET: 'e2e-jwt-secret-that-is-at-least-32-bytes-long',
      SECRET_KEY: 'e2e-secret-key-for-shop-keys',
      LOG_LEVEL: 'warn',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      // The marketplace is a local fake: its first import poll need not wait a second.
      PUBLISH_POLL_FIRST: '100ms',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${log}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
