/**
 * `npm run demo`: the service as `npm start` runs it, unchanged, pointed by its configuration at local stand-ins of the
 * marketplace, an image host and the exchange-rate sources (the tests' fakes), with a demo shop and a dozen collected
 * samples. `-- --reset` starts over; otherwise a stop and a start keep what was done (README, Demo).
 *
 * Options: `--reset`, `--dir <path>` (default demo-data/), `--port <n>` (default 8790), `--moderation-ms <n>`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWebIfChanged } from '../../web/build/build-if-changed.ts';
import { journalChanges, replayJournal } from './marketplace-journal.ts';
import { seedDemo } from './seed.ts';
import { startStandIns } from './stand-ins.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a demo keeps beside the service's data: the admin's password, the stand-in shop's key, what seeding made. */
type DemoState = {
  readonly username: string;
  readonly password: string;
  readonly clientId: string;
  readonly apiKey: string;
  seeded?: { shopId: string; productIds: string[]; watermarked: string[] };
};

const { values: options } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    dir: { type: 'string', default: path.join(REPO_ROOT, 'demo-data') },
    port: { type: 'string', default: process.env.DEMO_PORT ?? '8790' },
    'moderation-ms': { type: 'string', default: '8000' },
  },
});
const dataDir = path.resolve(options.dir);
const stateFile = path.join(dataDir, 'demo.json');
const journalFile = path.join(dataDir, 'marketplace.jsonl');
const moderationMs = Number(options['moderation-ms']);
const port = Number(options.port);

/** A fresh demo on `--reset`, and when an earlier first start was stopped before its seeding finished. */
function loadState(): DemoState {
  const previous = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as DemoState) : undefined;
  if (previous?.seeded && !options.reset) return previous;
  if (existsSync(dataDir)) {
    if (!options.reset && !existsSync(stateFile) && readdirSync(dataDir).length > 0)
      throw new Error(`${dataDir} exists but is not a demo's directory: choose another with --dir`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  const state: DemoState = {
    username: 'demo',
    password: `Ozon-${randomBytes(6).toString('hex')}`,
    clientId: '2650001',
    apiKey: `demo-${randomBytes(12).toString('hex')}`,
  };
  writeFileSync(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
  return state;
}

/** The service, started as `npm start` starts it; only its environment is the demo's. */
function startService(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** A service already on the port would answer our health checks: refuse to start beside it. */
async function ensurePortFree(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => reject(new Error(`port ${port} is in use (another demo or npm start?): stop it, or choose another with --port`)));
    server.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => server.close(resolve));
}

async function waitHealthy(baseUrl: string, service: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error('the service did not answer /api/health within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The running service, so a failed start does not leave it behind. */
let running: ChildProcess | undefined;

async function main(): Promise<void> {
  const startedAt = Date.now();
  await ensurePortFree(port);
  const state = loadState();
  const standIns = await startStandIns({ clientId: state.clientId, apiKey: state.apiKey, moderationMs });
  for (const stored of state.seeded?.watermarked ?? []) standIns.watermarked.add(stored);
  const replayed = await replayJournal(journalFile, standIns.ozon);
  const journal = journalChanges(journalFile, standIns.ozon);
  buildWebIfChanged();
  const baseUrl = `http://127.0.0.1:${port}`;
  const service = (running = startService({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // Set, so a DATABASE_URL or OBJECT_STORE of the shell (or .env) never points the demo at a real database or bucket.
    DATABASE_URL: `sqlite://${path.join(dataDir, 'listing.db')}`,
    OBJECT_STORE: 'local',
    INITIAL_ADMIN_USERNAME: state.username,
    INITIAL_ADMIN_PASSWORD: state.password,
    // The stand-ins listen on 127.0.0.1; a real deployment keeps outbound fetches to public hosts.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // Pictures go to the marketplace by this address. The stand-in never fetches them: it only has to look public.
    PUBLIC_BASE_URL: 'https://demo-shop.example',
    ...standIns.env,
    // A local marketplace answers at once: moderation, the sweep and stock need seconds, not hours.
    PUBLISH_POLL_FIRST: '200ms',
    PUBLISH_POLL_IDLE: '2s',
    MARKET_SWEEP_FIRST_MS: '2000',
    MARKET_SWEEP_MAX_MS: '4000',
    MARKET_RECHECK_MS: '5000',
    STOCK_PAIR_INTERVAL: '1s',
    STOCK_IDLE: '2s',
    STOCK_RETRY: '2s',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SITE_NOTICE: '演示模式：这里连接的是本机模拟的 Ozon 平台（npm run demo），商品不会发布到真实店铺。',
  }));

  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (service.exitCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    journal.stop();
    await standIns.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  service.once('exit', (code) => void stop(code ?? 1));

  await waitHealthy(baseUrl, service);
  if (!state.seeded) {
    process.stdout.write('演示：正在准备演示店铺与 12 个采集样品…\n');
    state.seeded = await seedDemo({
      baseUrl,
      username: state.username,
      password: state.password,
      shop: { name: 'Ozon 演示店', clientId: state.clientId, apiKey: state.apiKey, defaultStock: 20 },
      pictures: standIns.pictures,
    });
    for (const stored of state.seeded.watermarked) standIns.watermarked.add(stored);
    writeFileSync(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
  }
  process.stdout.write(
    [
      '',
      '================ 演示已就绪 (demo ready) ================',
      `地址 / address:   ${baseUrl}`,
      `用户名 / user:    ${state.username}`,
      `密码 / password:  ${state.password}`,
      `数据 / data:      ${dataDir}${replayed ? `（模拟平台已恢复 ${replayed} 个请求）` : ''}`,
      `用时 / ready in:  ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      '停止：Ctrl+C（再次 npm run demo 继续）；从头开始：npm run demo -- --reset',
      '=========================================================',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (running?.exitCode === null) running.kill('SIGTERM');
  process.exit(1);
});
