import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_TOKEN = 'crash-test-app-token-0123456789';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real service as a child process: `node --import tsx src/main.ts`. */
function startService(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_TOKEN,
      JWT_SECRET: 'crash-test-jwt-secret-that-is-long-enough-0123',
      SECRET_KEY: 'crash-test-secret-key-0123456789',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      DOWNLOAD_CONCURRENCY: '2',
      // The killed process's claims lapse after this; the restarted one then takes them (no re-queue at start).
      DOWNLOAD_LEASE: '3s',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('crash safety: SIGKILL mid-download, restart', () => {
  let cdn: FakeCdn;
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    cdn = await startFakeCdn();
    dataDir = mkdtempSync(path.join(tmpdir(), 'lws-crash-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    cdn.release();
    await cdn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged product and asset, and finishes every download after restart', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const boot = async () => {
      child = startService(dataDir, port);
      await waitUntil('health', async () => ((await fetch(`${base}/health`)).ok ? true : undefined));
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: APP_TOKEN }),
      });
      return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
    };

    let headers = await boot();
    const acknowledged = new Map<string, number>();
    for (let p = 0; p < 4; p += 1) {
      const images = Array.from({ length: 6 }, (_, i) => ({
        groupKey: 'main',
        groupName: '主图',
        variantName: null,
        // Half the images are held by the CDN, so downloads are in flight when the process dies.
        url: i % 2 === 0 ? `${cdn.url}/gate/${p}-${i}.jpg` : `${cdn.url}/jpeg/${p}-${i}.jpg?delay=50`,
        index: i,
        type: 'img',
        dedupeKey: `${p}-${i}`,
      }));
      const body = {
        product: { id: null },
        source: { platform: '1688', itemId: `crash-${p}`, url: 'https://detail.1688.com/offer/1.html', collectedAt: 1 },
        texts: [{ kind: 'title', content: `商品${p}` }],
        images,
      };
      const response = await fetch(`${base}/materials`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { product_id: string; assetsQueued: number };
      acknowledged.set(answer.product_id, answer.assetsQueued);
    }
    await waitUntil('a held download', async () => (cdn.requests.some((request) => request.url.startsWith('/gate/')) ? true : undefined));
    const statusesBefore = await Promise.all(
      [...acknowledged.keys()].map(
        async (id) => ((await (await fetch(`${base}/products/${id}/assets`, { headers })).json()) as { items: { status: string }[] }).items,
      ),
    );
    expect(statusesBefore.flat().some((asset) => asset.status !== 'stored')).toBe(true);

    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
    cdn.release();

    headers = await boot();
    for (const [productId, queued] of acknowledged) {
      const assets = await waitUntil(`downloads of ${productId}`, async () => {
        const response = await fetch(`${base}/products/${productId}/assets`, { headers });
        expect(response.status).toBe(200);
        const { items } = (await response.json()) as { items: { status: string }[] };
        return items.every((asset) => asset.status === 'stored') ? items : undefined;
      });
      expect(assets).toHaveLength(queued);
    }
    const stopped = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    expect(await stopped).toBe(0);
    child = undefined;
  });
});
