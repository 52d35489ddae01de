/** What the moderation sweep's bench sections measure alike: a round of passes, and an in-process list's latency. */
import os from 'node:os';

export const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

export type PassRound = { readonly ms: number; readonly cpuMs: number; readonly rssBefore: number; readonly peak: number; readonly rssAfter: number };

/** A full collection, and another once V8 has handed the freed pages back, so RSS starts from what is alive (when exposed). */
async function settle(): Promise<void> {
  if (!global.gc) return;
  global.gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  global.gc();
}

/** Runs `pass` until it finds nothing to do, timing it and sampling RSS every 5 ms and after each pass (GC'd first and last when exposed). */
export async function measurePasses(pass: () => Promise<boolean | number>): Promise<PassRound> {
  await settle();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sample = (): void => void (peak = Math.max(peak, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 5);
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (await pass()) sample();
  sample();
  clearInterval(sampler);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await settle();
  return { ms, cpuMs: (used.user + used.system) / 1000, rssBefore, peak, rssAfter: process.memoryUsage().rss };
}

/** The round's timing and memory cells: time, CPU, RSS before, peak, after, and the peak over the start. */
export const roundCells = (round: PassRound): string =>
  `${round.ms.toFixed(0)} | ${round.cpuMs.toFixed(0)} | ${mb(round.rssBefore)} | ${mb(round.peak)} | ${mb(round.rssAfter)} | ${mb(Math.max(0, round.peak - round.rssBefore))}`;

type Injector = { inject(options: { method: 'GET'; url: string; headers: Record<string, string> }): Promise<{ statusCode: number }> };

/** µs a request of `requests` GETs of `url` through the whole app in process (a non-200 stops the section). */
export async function listMicros(app: Injector, headers: Record<string, string>, url: string, requests: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  }
  return ((performance.now() - started) * 1000) / requests;
}

/** The machine's load average now, as the sections record it. */
export const loadAverage = (): string =>
  `Load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} (2 shared cores).`;
