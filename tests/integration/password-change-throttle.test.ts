import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshAddress, GOOD_PASSWORD, loginAs, passwordLogin } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Entry = { actor: string; action: string; target: string | null; ip: string | null };

/** Issue 29: a stolen session could guess the old password of `POST /api/auth/password` without limit or trace. */
describe('the old password of a password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const audit = async (): Promise<Entry[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/audit?page_size=200', headers: t.auth })).json<{ items: Entry[] }>().items;

  it('counts against the login limits: five wrong guesses, then 429 even for the right one; each audited', async () => {
    await createUser(t.app, t.auth, 'oksana');
    const session = await loginAs(t.app, 'oksana');
    const address = freshAddress();
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: session,
        remoteAddress: address,
        payload: { old_password: oldPassword, new_password: 'Novaya-Lodka-8842' },
      });
    const wrong = [];
    for (let i = 0; i < 15; i++) wrong.push((await change(`guess-number-${i}`)).statusCode);
    expect(wrong.slice(0, 5)).toEqual(Array(5).fill(422));
    expect(wrong.slice(5)).toEqual(Array(10).fill(429));
    const right = await change(GOOD_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The same per-name limit: the name's logins are locked too.
    expect((await passwordLogin(t.app, 'oksana', GOOD_PASSWORD)).statusCode).toBe(429);

    const entries = (await audit()).filter((entry) => entry.actor === 'oksana');
    expect(entries.filter((entry) => entry.action === 'login_failed')).toHaveLength(5);
    expect(entries.find((entry) => entry.action === 'login_failed')).toMatchObject({ target: 'oksana (old password)', ip: address });
    expect(entries.some((entry) => entry.action === 'login_throttled')).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/guess-number|Kraska|Novaya/);
  });

  it('audits the right old password and lets the change through under the limit', async () => {
    await createUser(t.app, t.auth, 'taras');
    const session = await loginAs(t.app, 'taras');
    const payload = { old_password: GOOD_PASSWORD, new_password: 'Novaya-Lodka-8842' };
    const changed = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: session, remoteAddress: freshAddress(), payload });
    expect(changed.statusCode).toBe(200);
    expect((await audit()).filter((entry) => entry.actor === 'taras').map((entry) => entry.action)).toEqual(['password_changed', 'login']);
  });
});
