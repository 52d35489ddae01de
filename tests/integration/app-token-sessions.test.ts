import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp, TEST_SECRETS } from '../helpers/test-app.ts';

type Entry = { actor: string; action: string; target: string | null; ip: string | null };

/** Issue 29: an app-token session outlived a new APP_TOKEN, and app-token logins left no audit row. */
describe('app-token sessions', () => {
  it('end when the service restarts with another APP_TOKEN, and survive a restart with the same one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-app-token-'));
    try {
      const first = await startTestApp({ dataDir });
      const login = await first.app.inject({ method: 'POST', url: '/api/auth/login', payload: { token: TEST_SECRETS.appToken } });
      expect(login.statusCode).toBe(200);
      const session = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
      await first.close();

      const same = await startTestApp({ dataDir });
      try {
        expect((await same.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).json()).toEqual({
          id: null,
          username: 'app-token',
          role: 'admin',
        });
      } finally {
        await same.close();
      }

      const rotated = await startTestApp({ dataDir, secrets: { appToken: 'a-brand-new-app-token-987654' } });
      try {
        const me = await rotated.app.inject({ method: 'GET', url: '/api/auth/me', headers: session });
        expect(me.statusCode).toBe(401);
        expect(me.json()).toEqual({ code: 'UNAUTHORIZED', detail: expect.stringMatching(/应用令牌已更换/) });
        expect((await rotated.app.inject({ method: 'GET', url: '/api/products', headers: session })).statusCode).toBe(401);
        // A token signed without the fingerprint (as every app-token session was before) has ended too.
        const bare = rotated.app.jwt.sign({ sub: 'app' }, { expiresIn: 600 });
        expect((await rotated.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${bare}` } })).statusCode).toBe(401);
        // The new token's own sessions work.
        expect((await rotated.app.inject({ method: 'GET', url: '/api/auth/me', headers: rotated.auth })).statusCode).toBe(200);
      } finally {
        await rotated.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('write an audit row for each app-token login, right or wrong, never the token', async () => {
    const t = await startTestApp();
    try {
      const login = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.77.0.1', payload: { token } });
      expect((await login('not-the-app-token-000')).statusCode).toBe(401);
      expect((await login(TEST_SECRETS.appToken)).statusCode).toBe(200);
      const entries = (await t.app.inject({ method: 'GET', url: '/api/audit?page_size=200', headers: t.auth })).json<{ items: Entry[] }>().items;
      expect(entries.filter((entry) => entry.ip === '10.77.0.1').map((entry) => [entry.action, entry.actor])).toEqual([
        ['login', 'app-token'],
        ['login_failed', 'app-token'],
      ]);
      expect(JSON.stringify(entries)).not.toMatch(/not-the-app-token|test-app-token/);
    } finally {
      await t.close();
    }
  });
});
