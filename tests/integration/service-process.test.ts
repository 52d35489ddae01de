import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startServiceProcess } from '../helpers/service-process.ts';
import { startTestApp } from '../helpers/test-app.ts';

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

  it('shuts down gracefully on SIGTERM and keeps the same app token across restarts', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir });
    expect(service.stdout()).toContain(printedToken);
    service.child.kill('SIGTERM');
    expect(await service.exited()).toBe(0);
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
