import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardedHttp } from '../../src/adapters/outbound/guarded-http.ts';
import { DomainError } from '../../src/domain/common/errors.ts';
import { type FakeServer, startFakeServer } from '../fakes/fake-server.ts';

const OPTIONS = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof DomainError ? error.code : `UNEXPECTED ${String(error)}`;
  }
}

describe('guarded outbound client', () => {
  let server: FakeServer;
  let port: number;

  beforeAll(async () => {
    server = await startFakeServer((request, response) => {
      const url = new URL(request.url, 'http://x');
      const hop = (target: string) => {
        response.writeHead(302, { location: target });
        response.end();
      };
      if (url.pathname === '/ok') return void response.end('hello');
      if (url.pathname === '/to-private') return hop(`http://127.0.0.2:${port}/ok`);
      if (url.pathname === '/to-ipv6-loopback') return hop(`http://[::1]:${port}/ok`);
      if (url.pathname === '/to-file') return hop('file:///etc/passwd');
      if (url.pathname === '/to-garbage') return hop('http://[::1');
      if (url.pathname === '/chain') {
        const left = Number(url.searchParams.get('n'));
        return left === 0 ? void response.end('end of chain') : hop(`/chain?n=${left - 1}`);
      }
      if (url.pathname === '/declared-huge') {
        response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        return void response.end();
      }
      if (url.pathname === '/streamed-huge') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        for (let i = 0; i < 40; i += 1) response.write(chunk);
        return void response.end();
      }
      if (url.pathname === '/slow') return void setTimeout(() => response.end('late'), 3_000);
      response.writeHead(404);
      response.end();
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  describe('with OUTBOUND_ALLOW_PRIVATE=false', () => {
    const strict = makeGuardedHttp({ allowPrivate: false });
    afterAll(() => strict.close());

    it.each([
      ['loopback', () => `http://127.0.0.1:${port}/ok`],
      ['another loopback address', () => `http://127.0.0.2:${port}/ok`],
      ['localhost by name (DNS)', () => `http://localhost:${port}/ok`],
      ['IPv6 loopback', () => `http://[::1]:${port}/ok`],
      ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/ok`],
      ['decimal IPv4', () => `http://2130706433:${port}/ok`],
      ['hex IPv4', () => `http://0x7f000001:${port}/ok`],
      ['dotted hex/octal IPv4', () => `http://0x7f.0.0.01:${port}/ok`],
      ['short IPv4', () => `http://127.1:${port}/ok`],
      ['unspecified address', () => `http://0.0.0.0:${port}/ok`],
    ])('refuses %s', async (_name, url) => {
      expect(await codeOf(strict.get(url(), OPTIONS))).toBe('OUTBOUND_REFUSED');
      expect(server.requests.some((request) => request.url === '/ok')).toBe(false);
    });

    it.each(['file:///etc/passwd', 'ftp://example.com/x', 'gopher://127.0.0.1/', 'not a url', 'data:image/png;base64,AAAA'])(
      'refuses the scheme of %s',
      async (url) => {
        expect(await codeOf(strict.get(url, OPTIONS))).toBe('OUTBOUND_REFUSED');
      },
    );

    it('refuses a name when any of its addresses is private, without connecting', async () => {
      const pinned = makeGuardedHttp({
        allowPrivate: false,
        resolve: async () => [
          { address: '8.8.8.8', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      });
      expect(await codeOf(pinned.get(`http://rebind.example:${port}/ok`, OPTIONS))).toBe('OUTBOUND_REFUSED');
      await pinned.close();
    });
  });

  describe('redirect hops are checked when they connect', () => {
    // The fake's own address is let through; everything else stays under the public-only rule.
    const http = makeGuardedHttp({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
    afterAll(() => http.close());

    it('follows an allowed first hop', async () => {
      const response = await http.get(`http://127.0.0.1:${port}/ok`, OPTIONS);
      expect(Buffer.from(response.body).toString()).toBe('hello');
    });

    it('refuses redirects into private or loopback space and to other schemes', async () => {
      expect(await codeOf(http.get(`http://127.0.0.1:${port}/to-private`, OPTIONS))).toBe('OUTBOUND_REFUSED');
      expect(await codeOf(http.get(`http://127.0.0.1:${port}/to-ipv6-loopback`, OPTIONS))).toBe('OUTBOUND_REFUSED');
      expect(await codeOf(http.get(`http://127.0.0.1:${port}/to-file`, OPTIONS))).toBe('OUTBOUND_REFUSED');
      expect(await codeOf(http.get(`http://127.0.0.1:${port}/to-garbage`, OPTIONS))).toBe('OUTBOUND_REFUSED');
    });

    it('follows at most 3 redirects', async () => {
      const three = await http.get(`http://127.0.0.1:${port}/chain?n=3`, OPTIONS);
      expect(Buffer.from(three.body).toString()).toBe('end of chain');
      expect(three.url).toBe(`http://127.0.0.1:${port}/chain?n=0`);
      expect(await codeOf(http.get(`http://127.0.0.1:${port}/chain?n=4`, OPTIONS))).toBe('OUTBOUND_REFUSED');
    });
  });

  describe('caps and deadlines', () => {
    const http = makeGuardedHttp({ allowPrivate: true });
    afterAll(() => http.close());

    it('refuses a body whose declared length is over the cap', async () => {
      expect(await codeOf(http.get(`${server.url}/declared-huge`, OPTIONS))).toBe('OUTBOUND_TOO_LARGE');
    });

    it('aborts a streamed body once it passes the cap', async () => {
      expect(await codeOf(http.get(`${server.url}/streamed-huge`, OPTIONS))).toBe('OUTBOUND_TOO_LARGE');
      const roomy = await http.get(`${server.url}/streamed-huge`, { ...OPTIONS, maxBytes: 3 * 1024 * 1024 });
      expect(roomy.body.byteLength).toBe(40 * 64 * 1024);
    });

    it('gives up at the deadline', async () => {
      expect(await codeOf(http.get(`${server.url}/slow`, { ...OPTIONS, timeoutMs: 300 }))).toBe('OUTBOUND_TIMEOUT');
    });

    it('returns non-2xx statuses instead of throwing', async () => {
      const response = await http.get(`${server.url}/missing`, OPTIONS);
      expect(response.status).toBe(404);
    });
  });
});
