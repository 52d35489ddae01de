import { isIP } from 'node:net';
import { Agent, errors as undiciErrors, request } from 'undici';
import { type GuardedFetchOptions, type GuardedHttp, type GuardedResponse, type GuardedStreamResponse } from '../../application/ports/guarded-http.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { RefusedAddressError, type Resolve, addressAllowed, guardedConnector, refusedLiteral, systemResolve } from './guarded-connector.ts';

export type GuardedHttpOptions = {
  /** OUTBOUND_ALLOW_PRIVATE: skip the public-address check (tests, LAN setups). Schemes stay http/https only. */
  readonly allowPrivate: boolean;
  readonly connectTimeoutMs?: number;
  /** DNS resolution; the system resolver unless a test pins names to addresses. */
  readonly resolve?: Resolve;
  /** Exact addresses accepted although not public (tests only). */
  readonly allowAddresses?: readonly string[];
};

export type ClosableGuardedHttp = GuardedHttp & {
  /**
   * Closes pooled connections and cuts requests still running (at shutdown, after the workers stopped: a download
   * still running then was handed back to another instance, and waiting for it would hold the stop up).
   */
  close(): Promise<void>;
};

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers that must not follow a redirect to another origin.
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

const refused = (detail: string): DomainError => new DomainError('invalid', 'OUTBOUND_REFUSED', detail);
const REFUSED_ADDRESS = '禁止访问内网或保留地址';
const tooLarge = (maxBytes: number): DomainError =>
  new DomainError('too_large', 'OUTBOUND_TOO_LARGE', `远程文件超过大小上限（${Math.round(maxBytes / 1024 / 1024)} MB）`);
const timedOut = (): DomainError => new DomainError('upstream_timeout', 'OUTBOUND_TIMEOUT', '远程服务器响应超时，请稍后重试');

/**
 * Only http(s) URLs with a host; `base` resolves a redirect's Location. A literal address is judged here, before undici
 * builds (and on the refused connect drops) a pool for its origin; names are judged where resolved (guarded-connector).
 */
function parseTarget(raw: string, allowed: (address: string) => boolean, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refused('图片地址不是合法的 URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('只允许 http/https 地址');
  if (!url.hostname) throw refused('图片地址缺少主机名');
  if (refusedLiteral(url.hostname, allowed)) throw refused(REFUSED_ADDRESS);
  return url;
}

function mapError(error: unknown, deadline: AbortSignal): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof RefusedAddressError) return refused(REFUSED_ADDRESS);
  if (
    deadline.aborted ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return timedOut();
  }
  return new DomainError('upstream_failed', 'OUTBOUND_FAILED', '无法连接远程服务器');
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

type Body = AsyncIterable<Uint8Array> & { destroy(): void; destroyed: boolean; on(event: 'error', listener: () => void): unknown };

/** Drops the rest of a body. Destroying makes undici emit an abort error nobody needs to hear about. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  if (!body.destroyed) body.destroy();
}

async function* cappedBody(body: Body, maxBytes: number, deadline: AbortSignal): AsyncGenerator<Uint8Array> {
  let total = 0;
  try {
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      yield chunk;
    }
  } catch (error) {
    throw mapError(error, deadline);
  } finally {
    discard(body);
  }
}

/**
 * The one SSRF-safe client (undici): checks every address at connect time (see guarded-connector.ts), follows
 * at most 3 redirects itself so each hop's scheme is checked too, and enforces the deadline and byte cap
 * while the body streams.
 */
export function makeGuardedHttp({ allowPrivate, connectTimeoutMs = 10_000, resolve = systemResolve, allowAddresses }: GuardedHttpOptions): ClosableGuardedHttp {
  const allowed = addressAllowed({ allowPrivate, ...(allowAddresses ? { allowAddresses } : {}) });
  const agent = new Agent({
    connect: guardedConnector({ allowPrivate, connectTimeoutMs, resolve, ...(allowAddresses ? { allowAddresses } : {}) }),
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
    connections: 32,
  });

  async function stream(url: string, options: GuardedFetchOptions): Promise<GuardedStreamResponse> {
    let target = parseTarget(url, allowed);
    const deadline = AbortSignal.timeout(options.timeoutMs);
    let headers: Record<string, string> = { ...options.headers };
    for (let hop = 0; ; hop += 1) {
      const response = await request(target, { dispatcher: agent, method: 'GET', headers, signal: deadline }).catch((error: unknown) => {
        throw mapError(error, deadline);
      });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw refused(`重定向次数超过 ${MAX_REDIRECTS} 次`);
        const next = parseTarget(location, allowed, target);
        if (next.origin !== target.origin)
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));
        target = next;
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        discard(response.body);
        throw tooLarge(options.maxBytes);
      }
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        url: target.href,
        body: cappedBody(response.body, options.maxBytes, deadline),
        cancel: () => discard(response.body),
      };
    }
  }

  async function readAll(response: GuardedStreamResponse): Promise<GuardedResponse> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body) chunks.push(chunk);
    const { body: _stream, cancel: _cancel, ...rest } = response;
    return { ...rest, body: new Uint8Array(Buffer.concat(chunks)) };
  }

  return {
    stream,
    async post(url, body, options) {
      const target = parseTarget(url, allowed);
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const response = await request(target, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...options.headers },
        body,
        signal: deadline,
      }).catch((error: unknown) => {
        throw mapError(error, deadline);
      });
      return readAll({
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        url: target.href,
        body: cappedBody(response.body, options.maxBytes, deadline),
        cancel: () => discard(response.body),
      });
    },
    async vet(url) {
      const target = parseTarget(url, allowed);
      if (allowPrivate || isIP(target.hostname.replace(/^\[|\]$/g, '')) !== 0) return;
      const addresses = await resolve(target.hostname).catch(() => {
        throw refused('无法解析该地址的域名');
      });
      if (addresses.length === 0 || addresses.some((entry) => !allowed(entry.address))) throw refused(REFUSED_ADDRESS);
    },
    async get(url, options) {
      return readAll(await stream(url, options));
    },
    close: () => agent.destroy(),
  };
}
