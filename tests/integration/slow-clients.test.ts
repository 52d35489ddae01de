import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Opens a socket, writes `head`, then one byte of `trickle` every `everyMs`; resolves with what came back when closed. */
function slowClient(port: number, head: string, trickle: string, everyMs: number): { closed: Promise<string>; socket: Socket } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    let at = 0;
    timer = setInterval(() => {
      if (at < trickle.length && socket.writable) socket.write(trickle[at++]!);
    }, everyMs);
  });
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    });
    socket.on('error', () => undefined);
  });
  return { closed, socket };
}

// An adversarial run held ~20 000 trickling connections until descriptors ran out and /api/health stopped answering.
describe('slow clients are cut off', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { HTTP_REQUEST_TIMEOUT: '1500ms', HTTP_HEADERS_TIMEOUT: '1s' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('closes trickling bodies and silent connections at their deadline while health keeps answering', async () => {
    const body = JSON.stringify({ token: 'x'.repeat(200) });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const started = Date.now();
    const trickling = Array.from({ length: 40 }, () => slowClient(port, head, body, 100));
    const halfHeaders = Array.from({ length: 40 }, () =>
      slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 100),
    );

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const answers = await Promise.race([
      Promise.all([...trickling, ...halfHeaders].map((client) => client.closed)),
      new Promise<undefined>((resolve) => setTimeout(resolve, 6_000)),
    ]);
    for (const client of [...trickling, ...halfHeaders]) client.socket.destroy();
    expect(answers, 'every slow connection was closed by the server').toBeDefined();
    expect(Date.now() - started).toBeLessThan(6_000);
    // A cut request hears why, in the service's error shape.
    const timedOut = answers!.find((text) => text.startsWith('HTTP/1.1 408'));
    expect(timedOut).toBeDefined();
    expect(JSON.parse(timedOut!.split('\r\n\r\n')[1]!)).toEqual({ detail: '请求发送超时，请重试', code: 'REQUEST_TIMEOUT' });

    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('lets a request that arrives in time through', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'wrong' }),
    });
    expect(response.status).toBe(401);
  });
});
