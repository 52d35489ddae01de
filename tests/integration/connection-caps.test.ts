import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../src/adapters/http/connection-caps.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Client = { socket: Socket; received: () => string; closed: Promise<void>; next: () => Promise<string> };

/** A raw connection from `localAddress` (any 127.x address reaches the loopback listener), with what came back. */
function open(port: number, localAddress: string): Client {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  let waiting: ((text: string) => void) | undefined;
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
    waiting?.(received);
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    received: () => received,
    closed,
    // The next answer on a kept-alive connection (its whole head and the short health body arrive in one chunk here).
    next: () => new Promise<string>((resolve) => (waiting = resolve)),
  };
}

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n';
const HEALTH_AND_CLOSE = 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
/** Headers promising 100 bytes, then 10: the server holds the connection waiting for the rest. */
const HALF_SENT_BODY = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"token":"`;

/** A connection the server has taken (it answered once) and that now holds a half-sent body, as in the run. */
async function held(port: number, localAddress: string): Promise<Client> {
  const client = open(port, localAddress);
  const answered = client.next();
  client.socket.write(HEALTH);
  expect(await answered).toMatch(/^HTTP\/1\.1 200/);
  client.socket.write(HALF_SENT_BODY);
  return client;
}

/** A fresh connection asking for health: its whole answer, or '' when the server closed it without one. */
async function healthFrom(port: number, localAddress: string): Promise<string> {
  const client = open(port, localAddress);
  client.socket.on('connect', () => client.socket.write(HEALTH_AND_CLOSE));
  await client.closed;
  return client.received();
}

// Issue 29: one client held 1 500 half-sent bodies (1 537 descriptors) for 120 s; nothing capped connections.
describe('connection caps over real sockets', () => {
  let t: TestApp;
  let port: number;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      start: false,
      // Long timeouts: without the caps every connection below would be held, not cut by a deadline.
      env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5', HTTP_MAX_CONNECTIONS: '8', HTTP_REQUEST_TIMEOUT: '60s', HTTP_HEADERS_TIMEOUT: '60s' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await t?.close();
  });

  it('closes a sixth connection from one address at once, serves other addresses, and takes one again when one is freed', async () => {
    for (let i = 0; i < 5; i += 1) clients.push(await held(port, '127.0.0.1'));
    expect(await healthFrom(port, '127.0.0.1'), 'the sixth connection got no answer').toBe('');
    expect(await healthFrom(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200/);
    expect(clients.every((client) => !client.socket.destroyed)).toBe(true);

    clients.shift()!.socket.destroy();
    let answer = '';
    for (let tries = 0; tries < 200 && answer === ''; tries += 1) answer = await healthFrom(port, '127.0.0.1');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes any connection past the server-wide cap, whatever its address', async () => {
    // 4 held from 127.0.0.1 (one freed above), 4 more from 127.0.0.3: 8 in all.
    for (let i = 0; i < 4; i += 1) clients.push(await held(port, '127.0.0.3'));
    expect(await healthFrom(port, '127.0.0.4')).toBe('');
    clients.pop()!.socket.destroy();
    let answer = '';
    for (let tries = 0; tries < 200 && answer === ''; tries += 1) answer = await healthFrom(port, '127.0.0.4');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('counts an IPv4-mapped client as its IPv4 address and an IPv6 client per /64', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });
});
