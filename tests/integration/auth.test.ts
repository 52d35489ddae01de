import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/adapters/http/routes/auth.ts';
import { startTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

const b64url = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand, so tests can forge, expire or strip the signature. */
function handMadeJwt(payload: object, secret: string | null, alg = 'HS256'): string {
  const head = `${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}`;
  if (secret === null) return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const session = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: authorization === undefined ? {} : { authorization } });

  it('exchanges the app token for an HS256 access token that opens protected routes', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '10.0.0.1' },
      payload: { token: TEST_SECRETS.appToken },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ access_token: string; token_type: string; expires_at: string }>();
    expect(body.token_type).toBe('Bearer');
    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0]!, 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    const lifetimeMs = Date.parse(body.expires_at) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(7 * 86_400_000);

    const me = await session(`Bearer ${body.access_token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ subject: 'app' });
  });

  it('refuses a wrong app token with 401 INVALID_APP_TOKEN', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { token: 'nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: '应用令牌不正确', code: 'INVALID_APP_TOKEN' });
  });

  it('answers 422 with the failing field when the token is missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; errors: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[0]?.path).toBe('/token');
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'Token abc'],
    ['a bearer that is not a JWT', 'Bearer not-a-jwt'],
    ['a token signed with another secret', `Bearer ${handMadeJwt({ sub: 'app', exp: nowSeconds() + 60 }, 'another-secret-that-is-long-enough-32b')}`],
    ['an expired token', `Bearer ${handMadeJwt({ sub: 'app', iat: nowSeconds() - 120, exp: nowSeconds() - 60 }, TEST_SECRETS.jwtSecret)}`],
    ['an unsigned alg:none token', `Bearer ${handMadeJwt({ sub: 'app', exp: nowSeconds() + 60 }, null, 'none')}`],
  ])('refuses %s with 401 UNAUTHORIZED and a Chinese detail', async (_label, authorization) => {
    const response = await session(authorization);
    expect(response.statusCode).toBe(401);
    const body = response.json<{ code: string; detail: string }>();
    expect(body.code).toBe('UNAUTHORIZED');
    expect(body.detail).toMatch(/[\u4e00-\u9fff]/);
  });

  it(`allows ${LOGIN_ATTEMPTS_PER_MINUTE} login attempts a minute per address, then answers 429`, async () => {
    const attempt = (address: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { token: 'wrong' } });
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i += 1) expect((await attempt('192.0.2.7')).statusCode).toBe(401);
    const blocked = await attempt('192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address keeps its own budget.
    expect((await attempt('192.0.2.8')).statusCode).toBe(401);
  });
});
