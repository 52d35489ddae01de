import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Sends `text` on a raw socket (no client library normalises it) and returns the status and the JSON body. */
function raw(port: number, text: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not JSON: ${received.slice(0, 300)}`));
      }
    });
  });
}

const get = (path: string, headers = ''): string => `GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`;

// Errors raised before a route runs answered in Fastify's own shape ({error, message, statusCode}).
describe('framework and parser errors use the {detail, code} body', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers a bad URL encoding with 422 BAD_URL', async () => {
    for (const path of ['/api/products/%', '/api/products/%zz', '/media/%']) {
      expect(await raw(port, get(path))).toEqual({ status: 422, body: { detail: expect.stringMatching(/编码/), code: 'BAD_URL' } });
    }
  });

  it('answers headers over 16 KB with 431 HEADERS_TOO_LARGE', async () => {
    expect(await raw(port, get('/api/health', `X-Big: ${'a'.repeat(17_000)}\r\n`))).toEqual({
      status: 431,
      body: { detail: '请求头过大（超过 16 KB）', code: 'HEADERS_TOO_LARGE' },
    });
  });

  it('answers a request that is not HTTP with 400 MALFORMED_REQUEST', async () => {
    for (const text of ['GARBAGE\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n']) {
      expect(await raw(port, text)).toEqual({ status: 400, body: { detail: '请求格式不正确，无法解析', code: 'MALFORMED_REQUEST' } });
    }
  });

  it('answers a path that climbs out of /media, or a hidden file, with 404 FILE_NOT_FOUND', async () => {
    for (const path of ['/media/../secrets.json', '/media/%2e%2e/secrets.json', '/media/..%2fsecrets.json', '/media/.hidden']) {
      expect(await raw(port, get(path))).toEqual({ status: 404, body: { detail: '文件不存在', code: 'FILE_NOT_FOUND' } });
    }
  });
});
