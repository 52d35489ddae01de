import { fetch, type RequestInit, type Response } from 'undici';
import { DomainError } from '../../domain/common/errors.ts';

/**
 * How one provider call behaves: its label in messages, its deadline (for all attempts together), the pause
 * before the first retry (doubled before each further one) and how many attempts in all (default 2).
 */
export type CallOptions = { readonly provider: string; readonly timeoutMs: number; readonly retryDelayMs?: number; readonly attempts?: number };

/** Largest provider answer we read (base64 images are big, but not this big). */
const MAX_RESPONSE_BYTES = 60 * 1024 * 1024;

const retryable = (status: number): boolean => status === 429 || status >= 500;

export const timeoutError = (provider: string): DomainError =>
  new DomainError('upstream_timeout', 'AI_TIMEOUT', `${provider} 响应超时（模型较慢时常见），请稍后重试`);

export const upstreamError = (provider: string, what: string): DomainError =>
  new DomainError('upstream_failed', 'AI_UPSTREAM_FAILED', `${provider} 调用失败：${what}`);

async function readCapped(response: Response, provider: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw upstreamError(provider, '返回内容过大');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

const errorMessage = (body: Buffer): string => {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' ? message.slice(0, 200) : '';
  } catch {
    return '';
  }
};

/**
 * One provider request with one deadline for the whole exchange. Image endpoints bill per call, so they retry
 * at most once (text endpoints a few times, with back-off) and only after a 429, a 5xx or a connection error;
 * never after a timeout or another 4xx. Answers the body bytes of a 2xx.
 */
export async function callProvider(url: string, init: () => RequestInit, options: CallOptions): Promise<Buffer> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const attempts = options.attempts ?? 2;
  const backOff = (attempt: number) => (options.retryDelayMs ?? 500) * 2 ** (attempt - 1);
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { ...init(), signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw timeoutError(options.provider);
      if (attempt < attempts) {
        await pause(backOff(attempt), deadline, options.provider);
        continue;
      }
      throw upstreamError(options.provider, `无法连接（${(error as Error).message}）`);
    }
    let body: Buffer;
    try {
      body = await readCapped(response, options.provider);
    } catch (error) {
      if (deadline.aborted) throw timeoutError(options.provider);
      throw error;
    }
    if (response.ok) return body;
    if (attempt < attempts && retryable(response.status)) {
      await pause(Math.max(backOff(attempt), retryAfterMs(response)), deadline, options.provider);
      continue;
    }
    const message = errorMessage(body);
    throw upstreamError(options.provider, `HTTP ${response.status}${message ? ` ${message}` : ''}`);
  }
}

/** A vendor's `Retry-After` in seconds, honoured up to 10 s (the deadline still bounds the wait). */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) * 1000 : 0;
}

async function pause(ms: number, deadline: AbortSignal, provider: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    deadline.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  if (deadline.aborted) throw timeoutError(provider);
}

/** Parses a provider's JSON answer; anything else is an upstream failure. */
export function parseJson(body: Buffer, provider: string): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw upstreamError(provider, '返回的不是 JSON');
  }
}

export const dataUrl = (image: { bytes: Uint8Array; contentType: string }): string =>
  `data:${image.contentType.toLowerCase()};base64,${Buffer.from(image.bytes).toString('base64')}`;

export const fromBase64 = (data: unknown, provider: string): Uint8Array => {
  if (typeof data !== 'string' || data.length === 0) throw upstreamError(provider, '返回中没有图片');
  return new Uint8Array(Buffer.from(data, 'base64'));
};
