/** How both catalog sections talk to the service they started: its secrets, a login, the whole CSV export. */
import { readFileSync, writeFileSync } from 'node:fs';

/** The service's secrets in both catalog sections. */
export const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };

/** A bearer header from logging in with the application token. */
export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: SECRETS.APP_TOKEN }),
  });
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

export type CsvRun = { readonly rows: number; readonly seconds: number; readonly rssGrowthMb: number };

/** Downloads the whole CSV, counting rows; peak RSS growth of the server over its RSS just before. */
export async function measureCsv(url: string, authorization: string, pid: number): Promise<CsvRun> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM (peak RSS) to the current RSS
  const before = rssKb(pid, 'VmRSS');
  const started = performance.now();
  const response = await fetch(`${url}/api/export/products.csv`, { headers: { authorization } });
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 0x0a) rows += 1;
  const seconds = (performance.now() - started) / 1000;
  return { rows: rows - 1, seconds, rssGrowthMb: (rssKb(pid, 'VmHWM') - before) / 1024 };
}
