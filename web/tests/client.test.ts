import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, fileNameFrom, makeApiClient } from '../src/api/client.ts';
import { makeSessionStore } from '../src/api/session.ts';

type Call = { url: string; init: RequestInit };

function client(respond: (call: Call) => Response | Promise<Response>, token: string | null = 'tok') {
  const calls: Call[] = [];
  const unauthorized: string[] = [];
  const api = makeApiClient({
    fetch: async (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return respond(call);
    },
    token: () => token,
    onUnauthorized: (error) => unauthorized.push(error.detail),
  });
  return { api, calls, unauthorized };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client', () => {
  it('sends the bearer token, JSON bodies and the query without empty values', async () => {
    const { api, calls } = client(() => json(200, { ok: true }));
    await api.json('/api/products', { query: { stage: undefined, q: '', page: 2 } });
    await api.json('/api/products/1', { method: 'PATCH', json: { name: 'x' }, headers: { 'if-match': '3' } });
    expect(calls[0]?.url).toBe('/api/products?page=2');
    const headers = calls[1]?.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json', 'if-match': '3' });
    expect(calls[1]?.init.body).toBe('{"name":"x"}');
  });

  it('turns an error body into an ApiError with detail, code and field errors', async () => {
    const { api } = client(() => json(422, { detail: '还不能标记为待上架', code: 'READY_CHECKS_FAILED', errors: [{ path: '/name', message: '含中文' }] }));
    const error = await api.json('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'READY_CHECKS_FAILED', detail: '还不能标记为待上架', errors: [{ path: '/name', message: '含中文' }] });
  });

  it('reports a 401 once to the page (back to login) except for the login call itself', async () => {
    const { api, unauthorized } = client(() => json(401, { detail: '登录已过期，请重新登录', code: 'UNAUTHORIZED' }));
    await api.json('/api/products').catch(() => undefined);
    await api.json('/api/auth/login', { method: 'POST', json: { token: 'bad' } }).catch(() => undefined);
    expect(unauthorized).toEqual(['登录已过期，请重新登录']);
  });

  it('gives a readable message for a non-JSON failure and for an unreachable service', async () => {
    const failing = client(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(failing.api.json('/api/x')).rejects.toMatchObject({ status: 502, detail: '服务返回错误（HTTP 502）' });
    const offline = client(() => Promise.reject(new TypeError('fetch failed')));
    await expect(offline.api.json('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('times out a request that takes too long', async () => {
    const slow = client(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await slow.api.json('/api/suite/image-edit', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });

  it('downloads a blob with the server’s file name', async () => {
    const { api } = client(
      () => new Response('\ufeffa,b\r\n', { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''%E5%95%86%E5%93%81.csv" } }),
    );
    const { blob, fileName } = await api.blob('/api/export/products.csv');
    expect(fileName).toBe('商品.csv');
    expect(await blob.text()).toContain('a,b');
  });

  it('reads both forms of content-disposition', () => {
    expect(fileNameFrom('attachment; filename="products.csv"')).toBe('products.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
});

describe('session store', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  };

  it('keeps the token until it expires, then says it expired', () => {
    const store = makeSessionStore(memory());
    store.save({ accessToken: 'a', expiresAt: '2026-11-21T20:00:00.000Z' });
    expect(store.current(new Date('2026-11-21T19:59:59Z'))?.accessToken).toBe('a');
    expect(store.expired(new Date('2026-11-21T19:59:59Z'))).toBe(false);
    expect(store.current(new Date('2026-11-21T20:00:00Z'))).toBeNull();
    expect(store.expired(new Date('2026-11-21T20:00:01Z'))).toBe(true);
    store.clear();
    expect(store.expired(new Date('2026-11-21T20:00:01Z'))).toBe(false);
  });

  it('treats garbage in storage as no session', () => {
    const storage = memory();
    storage.setItem('lws.session', '{not json');
    expect(makeSessionStore(storage).current(new Date())).toBeNull();
  });
});
