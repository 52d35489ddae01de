import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshAddress, GOOD_PASSWORD, loginAs, passwordLogin } from '../helpers/accounts.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

describe('accounts: users, roles, revocation (docs/decisions.md, Accounts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });

  it('logs a user in by name and password; /api/auth/me names them; the app token is the built-in admin', async () => {
    const created = await createUser(t.app, t.auth, 'mila', 'operator');
    const login = await passwordLogin(t.app, 'MILA', GOOD_PASSWORD);
    expect(login.statusCode).toBe(200);
    const body = login.json<{ access_token: string; token_type: string; expires_at: string; user: unknown }>();
    expect(body.token_type).toBe('Bearer');
    expect(body.user).toEqual({ id: created.id, username: 'mila', role: 'operator' });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: created.id, tv: 1 });
    expect(typeof claims.exp).toBe('number');

    const me = await get('/api/auth/me', { authorization: `Bearer ${body.access_token}` });
    expect(me.json()).toEqual({ id: created.id, username: 'mila', role: 'operator' });
    expect((await get('/api/auth/me', t.auth)).json()).toEqual({ id: null, username: 'app-token', role: 'admin' });
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    await createUser(t.app, t.auth, 'oleg');
    const wrong = await passwordLogin(t.app, 'oleg', 'not-the-password-1');
    const unknown = await passwordLogin(t.app, 'nobody-here', 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ detail: '用户名或密码不正确', code: 'INVALID_CREDENTIALS' });
  });

  it('refuses bad new users with a Chinese 4xx and stores nothing', async () => {
    await createUser(t.app, t.auth, 'Vera');
    const attempt = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users', headers: t.auth, payload });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: 'anna', password: 'short1', role: 'operator' }, 422, 'WEAK_PASSWORD'],
      [{ username: 'anna', password: 'qwertyuiop', role: 'operator' }, 422, 'WEAK_PASSWORD'],
      [{ username: 'anna', password: 'Password123', role: 'operator' }, 422, 'WEAK_PASSWORD'],
      [{ username: 'annabelle', password: 'my-ANNABELLE-2024', role: 'operator' }, 422, 'WEAK_PASSWORD'],
      [{ username: 'anna', password: 'x'.repeat(129), role: 'operator' }, 422, 'WEAK_PASSWORD'],
      [{ username: 'vera', password: GOOD_PASSWORD, role: 'operator' }, 409, 'USERNAME_TAKEN'],
      [{ username: 'ＶＥＲＡ', password: GOOD_PASSWORD, role: 'operator' }, 409, 'USERNAME_TAKEN'],
      [{ username: 'anna', password: GOOD_PASSWORD, role: 'owner' }, 422, 'VALIDATION_FAILED'],
      [{ username: 'a'.repeat(200), password: GOOD_PASSWORD, role: 'operator' }, 422, 'INVALID_USERNAME'],
      [{ username: 'anna smith', password: GOOD_PASSWORD, role: 'operator' }, 422, 'INVALID_USERNAME'],
      [{ username: '', password: GOOD_PASSWORD, role: 'operator' }, 422, 'INVALID_USERNAME'],
    ];
    const before = (await get('/api/users', t.auth)).json<{ total: number }>().total;
    for (const [payload, status, code] of cases) {
      const response = await attempt(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      const body = response.json<{ code: string; detail: string }>();
      expect(body.code).toBe(code);
      expect(body.detail).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await get('/api/users', t.auth)).json<{ total: number }>().total).toBe(before);
  });

  it('refuses a reserved name (app-token and the like) and a look-alike of an existing name, with a field path', async () => {
    await createUser(t.app, t.auth, 'root', 'admin');
    const attempt = (username: string) =>
      t.app.inject({ method: 'POST', url: '/api/users', headers: t.auth, payload: { username, password: GOOD_PASSWORD, role: 'operator' } });
    const cases: [string, number, string][] = [
      ['app-token', 422, 'USERNAME_RESERVED'],
      ['App-Token', 422, 'USERNAME_RESERVED'],
      ['APP_TOKEN', 422, 'USERNAME_RESERVED'],
      ['аpp-tоken', 422, 'USERNAME_RESERVED'], // Cyrillic а and о
      ['system', 422, 'USERNAME_RESERVED'],
      ['rооt', 409, 'USERNAME_CONFUSABLE'], // Cyrillic о
      ['RООT', 409, 'USERNAME_CONFUSABLE'],
    ];
    for (const [username, status, code] of cases) {
      const response = await attempt(username);
      expect(response.statusCode, username).toBe(status);
      const body = response.json<{ code: string; detail: string; errors: { path: string; message: string }[] }>();
      expect(body).toMatchObject({ code, errors: [{ path: '/username' }] });
      expect(body.detail).toMatch(/[\u4e00-\u9fff]/);
      expect(body.errors[0]!.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const names = (await get('/api/users?page_size=200', t.auth)).json<{ items: { username: string }[] }>().items.map((user) => user.username);
    expect(names.filter((name) => /token|system|r.{2}t/i.test(name))).toEqual(['root']);
    // Names that merely share letters stay free.
    expect((await attempt('rooted')).statusCode).toBe(201);
  });

  it('accepts names in any script with digits and ._-, up to 64 characters', async () => {
    for (const name of ['王小明', 'ольга.k_1-2', 'a'.repeat(64)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: t.auth,
        payload: { username: name, password: GOOD_PASSWORD, role: 'operator' },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('never answers a password or hash', async () => {
    await createUser(t.app, t.auth, 'secretive');
    const listing = (await get('/api/users', t.auth)).body;
    expect(listing).not.toMatch(/argon2|password|Kraska/i);
  });

  it('gives operators 403 on admin routes and lets them work on products and read shops', async () => {
    await createUser(t.app, t.auth, 'petr');
    const operator = await loginAs(t.app, 'petr');
    const forbidden = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', payload: { username: 'x1', password: GOOD_PASSWORD, role: 'admin' } },
      { method: 'PATCH', url: '/api/users/00000000-0000-4000-8000-000000000000', payload: { role: 'admin' } },
      { method: 'DELETE', url: '/api/users/00000000-0000-4000-8000-000000000000' },
      { method: 'GET', url: '/api/audit' },
      { method: 'POST', url: '/api/shops', payload: { name: 's', client_id: '1', api_key: 'k' } },
      { method: 'PATCH', url: '/api/shops/00000000-0000-4000-8000-000000000000', payload: { name: 's' } },
      { method: 'DELETE', url: '/api/shops/00000000-0000-4000-8000-000000000000' },
      { method: 'POST', url: '/api/shops/00000000-0000-4000-8000-000000000000/test' },
    ] as const;
    for (const call of forbidden) {
      const response = await t.app.inject({ ...call, headers: operator });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json()).toEqual({ detail: '只有管理员可以执行此操作', code: 'FORBIDDEN' });
    }
    expect((await get('/api/shops', operator)).statusCode).toBe(200);
    expect((await get('/api/products', operator)).statusCode).toBe(200);
  });

  it('attributes products to the user who made and changed them', async () => {
    await createUser(t.app, t.auth, 'zoya');
    const zoya = await loginAs(t.app, 'zoya');
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { source_platform: '1688', name: '保温杯' } });
    expect(created.statusCode).toBe(201);
    const product = created.json<{ id: string; created_by: string; updated_by: string }>();
    expect(product).toMatchObject({ created_by: 'app-token', updated_by: 'app-token' });
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/products/${product.id}`, headers: zoya, payload: { name: '保温杯 500ml' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ created_by: 'app-token', updated_by: 'zoya' });
    const list = (await get('/api/products?q=500ml', zoya)).json<{ items: { id: string; updated_by: string }[] }>();
    expect(list.items.find((item) => item.id === product.id)?.updated_by).toBe('zoya');
  });

  it('refuses to disable, demote or delete the last enabled admin (409), the app token not counting', async () => {
    const solo = await startTestApp();
    try {
      const boss = await createUser(solo.app, solo.auth, 'boss', 'admin');
      const bossAuth = await loginAs(solo.app, 'boss');
      for (const payload of [{ disabled: true }, { role: 'operator' }]) {
        const response = await solo.app.inject({ method: 'PATCH', url: `/api/users/${boss.id}`, headers: bossAuth, payload });
        expect(response.statusCode).toBe(409);
        expect(response.json<{ code: string }>().code).toBe('LAST_ADMIN');
      }
      expect((await solo.app.inject({ method: 'DELETE', url: `/api/users/${boss.id}`, headers: solo.auth })).statusCode).toBe(409);
      expect((await solo.app.inject({ method: 'GET', url: '/api/auth/me', headers: bossAuth })).json()).toMatchObject({ role: 'admin' });

      await createUser(solo.app, solo.auth, 'deputy', 'admin');
      expect((await solo.app.inject({ method: 'PATCH', url: `/api/users/${boss.id}`, headers: bossAuth, payload: { role: 'operator' } })).statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('revokes tokens on disable, reset, own password change and delete', async () => {
    const ivan = await createUser(t.app, t.auth, 'ivan');
    const me = (headers: { authorization: string }) => get('/api/auth/me', headers);

    const first = await loginAs(t.app, 'ivan');
    const reset = await t.app.inject({ method: 'PATCH', url: `/api/users/${ivan.id}`, headers: t.auth, payload: { password: 'Reset-Pass-4410' } });
    expect(reset.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(first)).json<{ code: string }>().code).toBe('SESSION_REVOKED');

    const second = await loginAs(t.app, 'ivan', 'Reset-Pass-4410');
    const other = await loginAs(t.app, 'ivan', 'Reset-Pass-4410');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: second,
      payload: { old_password: 'Reset-Pass-4410', new_password: 'Own-Choice-9921' },
    });
    expect(change.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${change.json<{ access_token: string }>().access_token}` };
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);

    const wrongOld = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: fresh,
      payload: { old_password: 'nope-nope-nope', new_password: 'Another-One-5512' },
    });
    expect(wrongOld.statusCode).toBe(422);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: fresh,
      payload: { old_password: 'Own-Choice-9921', new_password: '1234567890' },
    });
    expect(weak.statusCode).toBe(422);

    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${ivan.id}`, headers: t.auth, payload: { disabled: true } })).statusCode).toBe(200);
    expect((await me(fresh)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, 'ivan', 'Own-Choice-9921')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${ivan.id}`, headers: t.auth, payload: { disabled: false } })).statusCode).toBe(200);
    const again = await loginAs(t.app, 'ivan', 'Own-Choice-9921');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${ivan.id}`, headers: t.auth })).statusCode).toBe(204);
    expect((await me(again)).statusCode).toBe(401);
  });

  it('refuses a signed token without exp', async () => {
    const noExp = t.app.jwt.sign({ sub: 'app' });
    expect((await get('/api/auth/me', { authorization: `Bearer ${noExp}` })).statusCode).toBe(401);
  });

  it('records the audit log newest first, without secrets', async () => {
    const kira = await createUser(t.app, t.auth, 'kira');
    await passwordLogin(t.app, 'kira', 'wrong-password-77');
    await loginAs(t.app, 'kira');
    await t.app.inject({ method: 'PATCH', url: `/api/users/${kira.id}`, headers: t.auth, payload: { role: 'admin', password: 'Secret-Reset-8080' } });
    const page = await get('/api/audit?page_size=5', t.auth);
    expect(page.statusCode).toBe(200);
    const body = page.json<{ total: number; items: { id: number; actor: string; action: string; target: string | null; ip: string | null }[] }>();
    expect(body.items.map((item) => item.action)).toEqual(['password_changed', 'user_updated', 'login', 'login_failed', 'user_created']);
    expect(body.items[0]).toMatchObject({ actor: 'app-token', target: 'kira (reset)' });
    expect(body.items[2]).toMatchObject({ actor: 'kira' });
    expect(body.items.map((item) => item.id)).toEqual([...body.items.map((item) => item.id)].sort((a, b) => b - a));
    const everything = (await get('/api/audit?page_size=200', t.auth)).body;
    expect(everything).not.toMatch(/Secret-Reset|wrong-password|Kraska|argon2/);
  });
});

describe('accounts: throttling and the app-token switch', () => {
  it('answers 429 with Retry-After after five failures for one name, across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-throttle-'));
    const first = await startTestApp({ dataDir });
    try {
      await createUser(first.app, first.auth, 'nadia');
      for (let i = 0; i < 5; i++) expect((await passwordLogin(first.app, 'nadia', `wrong-guess-${i}x`)).statusCode).toBe(401);
      const throttled = await passwordLogin(first.app, 'Nadia', GOOD_PASSWORD);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json<{ code: string }>().code).toBe('LOGIN_THROTTLED');
      const retryAfter = Number(throttled.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Unknown names are counted too.
      for (let i = 0; i < 5; i++) await passwordLogin(first.app, 'ghost', `wrong-guess-${i}x`);
      expect((await passwordLogin(first.app, 'ghost', GOOD_PASSWORD)).statusCode).toBe(429);
    } finally {
      await first.close();
    }
    const second = await startTestApp({ dataDir });
    try {
      expect((await passwordLogin(second.app, 'nadia', GOOD_PASSWORD)).statusCode).toBe(429);
      // App-token logins keep their own limit and are not blocked by the name throttle.
      expect((await second.app.inject({ method: 'POST', url: '/api/auth/login', payload: { token: TEST_SECRETS.appToken } })).statusCode).toBe(200);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 429 after fifty failures from one address, whatever the names', async () => {
    const t = await startTestApp();
    try {
      const address = freshAddress();
      for (let i = 0; i < 50; i++) await passwordLogin(t.app, `name-${i}`, 'wrong-guess-0x', address);
      const blocked = await passwordLogin(t.app, 'someone-new', 'wrong-guess-0x', address);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await passwordLogin(t.app, 'someone-new', 'wrong-guess-0x', freshAddress())).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('APP_TOKEN_LOGIN=false refuses the app token, earlier tokens too; INITIAL_ADMIN_* creates the first admin', async () => {
    const t = await startTestApp({ env: { APP_TOKEN_LOGIN: 'false', INITIAL_ADMIN_USERNAME: 'founder', INITIAL_ADMIN_PASSWORD: GOOD_PASSWORD } });
    try {
      const tokenLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { token: TEST_SECRETS.appToken } });
      expect(tokenLogin.statusCode).toBe(401);
      expect(tokenLogin.json<{ code: string }>().code).toBe('APP_TOKEN_LOGIN_DISABLED');
      expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: t.auth })).statusCode).toBe(401);
      const founder = await loginAs(t.app, 'founder');
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: founder })).json()).toMatchObject({ username: 'founder', role: 'admin' });
    } finally {
      await t.close();
    }
  });
});

for (const database of testDatabases()) {
  describe(`accounts on ${database.name}: the last admin under concurrency`, () => {
    it('lets only one of two admins demoting each other at once succeed', async () => {
      const t = await startTestApp({ database });
      try {
        const anna = await createUser(t.app, t.auth, 'anna-admin', 'admin');
        const boris = await createUser(t.app, t.auth, 'boris-admin', 'admin');
        const demote = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: t.auth, payload: { role: 'operator' } });
        const statuses = (await Promise.all([demote(anna.id), demote(boris.id)])).map((response) => response.statusCode).sort();
        expect(statuses).toEqual([200, 409]);
        const admins = (await t.app.inject({ method: 'GET', url: '/api/users', headers: t.auth })).json<{ items: { role: string; disabled: boolean }[] }>()
          .items;
        expect(admins.filter((user) => user.role === 'admin' && !user.disabled)).toHaveLength(1);
      } finally {
        await t.close();
      }
    });
  });
}
