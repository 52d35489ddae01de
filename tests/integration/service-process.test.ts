import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startServiceProcess, takenPort } from '../helpers/service-process.ts';
import { startTestApp } from '../helpers/test-app.ts';

const until = async (done: () => boolean): Promise<void> => {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A POST whose body arrives in two halves: the request is in flight until `finish()`. */
function slowPost(url: string, body: string) {
  const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const sentHalf = new Promise<void>((resolve) => req.write(body.slice(0, half), () => setTimeout(resolve, 100)));
  return { sentHalf, status, finish: () => req.end(body.slice(half)) };
}

describe('the service as a new user starts it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-process-'));
  let printedToken = '';

  it('prints where it listens and a generated app token, keeps secrets in a 0600 file, and logs in with that token', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir });
    try {
      expect(service.stdout()).toContain(service.url);
      printedToken = /App token \(kept in .*secrets\.json\): (\S+)/.exec(service.stdout())?.[1] ?? '';
      expect(printedToken.length).toBeGreaterThanOrEqual(32);
      expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
      expect(service.stdout()).not.toContain(secrets.jwt_secret);
      expect(service.stdout()).not.toContain(secrets.secret_key);

      const login = await fetch(`${service.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: printedToken }),
      });
      expect(login.status).toBe(200);
      const { access_token } = (await login.json()) as { access_token: string };
      expect((await fetch(`${service.url}/api/auth/session`, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(200);
      expect((await fetch(`${service.url}/api/auth/session`)).status).toBe(401);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited()).toBe(0);
    }
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, checkpoints the database and exits 0; same token after', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(service.stdout()).toContain(printedToken);
    const body = JSON.stringify({ token: printedToken });
    const inFlight = slowPost(`${service.url}/api/auth/login`, body);
    await inFlight.sentHalf;
    service.child.kill('SIGTERM');
    await until(() => service.stdout().includes('shutting down'));
    await expect(fetch(`${service.url}/api/health`)).rejects.toThrow(); // the listener is closed
    inFlight.finish();
    expect(await inFlight.status).toBe(200);
    expect(await service.exited()).toBe(0);
    expect(service.stdout()).toMatch(/workers stopped, leases handed back/);
    // The last connection's close checkpointed the WAL into the database file and removed it.
    expect(existsSync(path.join(dataDir, 'listing.db-wal'))).toBe(false);
  });

  it('does not start when METRICS_PORT is taken, and says which port', async () => {
    const taken = await takenPort();
    try {
      await expect(startServiceProcess({ DATA_DIR: dataDir, METRICS_PORT: String(taken.port) })).rejects.toThrow(
        new RegExp(`Failed to start: METRICS_PORT ${taken.port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      await taken.free();
    }
  });

  it('a second signal during the stop exits at once', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const inFlight = slowPost(`${service.url}/api/auth/login`, JSON.stringify({ token: printedToken }));
    const cut = inFlight.status.catch((error: unknown) => error); // the exit cuts it
    await inFlight.sentHalf;
    service.child.kill('SIGTERM');
    await until(() => service.stdout().includes('shutting down'));
    const second = Date.now();
    service.child.kill('SIGINT');
    expect(await service.exited()).toBe(1);
    expect(Date.now() - second).toBeLessThan(2_000); // not the 10 s the request in flight would get
    expect(await cut).toMatchObject({ code: 'ECONNRESET' });
  });
});

for (const database of testDatabases()) {
  describe(`the whole app on ${database.name}`, () => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    beforeAll(async () => {
      t = await startTestApp({ database });
    });
    afterAll(() => t.close());

    it('migrates at start-up and answers health with a real ping', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toMatchObject({ status: 'ok', db: 'ok' });
      expect(t.container.cradle.database.dialect).toBe(database.name);
    });
  });
}
