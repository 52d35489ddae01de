import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const tempDirs: string[] = [];
// A catalog run leaves ~300 MB of SQLite behind; every bench directory goes when the run ends, however it ends.
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the system temp directory, removed when the bench process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export type RunningServer = { readonly url: string; readonly child: ChildProcess; stop(): Promise<void> };

/** Starts a TypeScript entry point as a child process (so load and server use separate cores) and waits for it. */
export async function startServer(entry: string, env: Record<string, string>, readyPath = '/api/health'): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type LoadOptions = {
  readonly url: string;
  readonly method?: 'GET' | 'POST' | 'PATCH';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly connections?: number;
  readonly pipelining?: number;
  readonly seconds?: number;
  /** The server's process: its CPU time during the measured run is returned per answered request. */
  readonly serverPid?: number;
};

export type LoadResult = {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  /** With `serverPid`: the server's CPU (user + system) per answered request, in µs; on a shared machine it holds steadier than req/s. */
  readonly serverCpuUs?: number;
};

/** One autocannon round after a one-second warm-up whose figures are discarded. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    connections: options.connections ?? 16,
    pipelining: options.pipelining ?? 1,
  };
  await autocannon({ ...base, duration: 1 });
  const cpuBefore = options.serverPid === undefined ? 0 : cpuMsOf(options.serverPid);
  const result = await autocannon({ ...base, duration: options.seconds ?? 5 });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(options.serverPid === undefined ? {} : { serverCpuUs: ((cpuMsOf(options.serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total) }),
  };
}

export const ratio = (ours: number, baseline: number): string => (baseline > 0 ? `${((ours / baseline) * 100).toFixed(0)} %` : 'n/a');

/** A markdown table comparing each measured pair with its baseline. */
export function comparisonTable(rows: readonly { name: string; ours: LoadResult; bare: LoadResult; target?: string }[]): string {
  const lines = [
    '| endpoint | ours req/s | ours p50 / p99 ms | bare req/s | bare p50 / p99 ms | ours ÷ bare | target | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const { name, ours, bare, target } of rows) {
    lines.push(
      `| ${name} | ${ours.reqPerSec.toFixed(0)} | ${ours.p50} / ${ours.p99} | ${bare.reqPerSec.toFixed(0)} | ${bare.p50} / ${bare.p99} | ${ratio(ours.reqPerSec, bare.reqPerSec)} | ${target ?? ''} | ${ours.non2xx + bare.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/** Percentile of sorted numbers (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Rate and percentiles (0.1 ms) of measured latencies. */
function latencyResult(latencies: number[], elapsedSeconds: number, non2xx: number, errors: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return { reqPerSec: latencies.length / elapsedSeconds, p50: at(50), p99: at(99), non2xx, errors };
}

/**
 * An open-loop load: requests start on an even schedule (`rate` per second) over `connections` keep-alive
 * connections, whatever the server does, and each latency is measured from its scheduled start (no coordinated
 * omission). This is what many clients each sending now and then look like, unlike autocannon's saturating loop.
 */
export async function steadyLoad(options: LoadOptions & { readonly rate: number }): Promise<LoadResult> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.connections ?? 16, pipelining: 1 });
  const seconds = options.seconds ?? 5;
  const total = Math.round(options.rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = started + (i * 1000) / options.rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    requests.push(
      pool
        .request({ path: target.pathname + target.search, method: options.method ?? 'GET', headers: options.headers ?? {}, body: options.body ?? null })
        .then(async (response) => {
          await response.body.dump();
          if (response.statusCode >= 300) non2xx += 1;
          latencies.push(performance.now() - scheduled);
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(requests);
  await pool.close();
  const elapsed = (performance.now() - started) / 1000;
  return latencyResult(latencies, elapsed, non2xx, errors);
}

/** Requests each URL once, one after another (a single user), and reports their latencies. */
export async function eachOnce(urls: readonly string[], headers: Record<string, string> = {}): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  for (const url of urls) {
    const sent = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    if (response.status >= 300) non2xx += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  return latencyResult(latencies, elapsed, non2xx, 0);
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, in clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident and peak resident memory (VmHWM) of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}
