import { request } from 'undici';

/** Rate documents are a few KB; anything far larger is not the document we expect. */
const MAX_BYTES = 512 * 1024;

/** GETs a configured (trusted) URL and parses JSON; throws on a non-2xx status, a timeout, or a body that is not JSON. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await request(url, {
    signal,
    headers: { accept: 'application/json, text/javascript, */*' },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    await response.body.dump();
    throw new Error(`HTTP ${response.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BYTES) {
      response.body.destroy();
      throw new Error('response too large');
    }
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/** Reads a nested property of unknown JSON; undefined when any step is missing. */
export function pathOf(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A finite number, or a clear error naming what the document lacked. */
export function requireNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what} is not a number`);
  return value;
}
