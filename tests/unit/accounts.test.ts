import { describe, expect, it } from 'vitest';
import { makeArgon2PasswordHasher, OWASP_ARGON2ID } from '../../src/adapters/crypto/argon2-password-hasher.ts';
import { isCommonPassword } from '../../src/adapters/crypto/common-password-list.ts';
import { makeResolveSession } from '../../src/application/use-cases/resolve-session.ts';
import { appTokenFingerprint } from '../../src/application/use-cases/check-app-token.ts';
import { type UserSession } from '../../src/application/ports/user-repository.ts';
import { passwordProblem, usernameKey, usernameProblem } from '../../src/domain/accounts/user.ts';

describe('passwords', () => {
  it('stores argon2id at the OWASP cost as a PHC string and verifies it', async () => {
    const hasher = makeArgon2PasswordHasher();
    const stored = await hasher.hash('Kraska-Lodka-7731');
    const [, algorithm, version, params, salt, hash] = stored.split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(params?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(salt).toMatch(/^[A-Za-z0-9+/]{16,}$/);
    expect(hash).toMatch(/^[A-Za-z0-9+/]{32,}$/);
    expect(await hasher.verify(stored, 'Kraska-Lodka-7731')).toEqual({ ok: true, rehash: false });
    expect(await hasher.verify(stored, 'kraska-lodka-7731')).toEqual({ ok: false, rehash: false });
    expect(await hasher.verify('not a phc string', 'x')).toEqual({ ok: false, rehash: false });
  });

  it('asks for a rehash when the stored parameters differ from today’s', async () => {
    const old = await makeArgon2PasswordHasher({ memoryCost: 8 * 1024, timeCost: 1, parallelism: 1 }).hash('Kraska-Lodka-7731');
    expect(await makeArgon2PasswordHasher(OWASP_ARGON2ID).verify(old, 'Kraska-Lodka-7731')).toEqual({ ok: true, rehash: true });
  });

  it('applies the password rules: length, user name inside, common list', () => {
    expect(passwordProblem('short', 'bob', isCommonPassword)).toContain('至少');
    expect(passwordProblem('x'.repeat(129), 'bob', isCommonPassword)).toContain('最多');
    expect(passwordProblem('my-BOBBY-pass-1', 'bobby', isCommonPassword)).toContain('用户名');
    expect(passwordProblem('Password123', 'bob', isCommonPassword)).toContain('常见');
    expect(passwordProblem('qwertyuiop', 'bob', isCommonPassword)).toContain('常见');
    expect(passwordProblem('Kraska-Lodka-7731', 'bob', isCommonPassword)).toBeUndefined();
  });

  it('accepts names of any script after NFKC, case-blind keys, and refuses others', () => {
    expect(usernameKey('ＶＥＲＡ')).toBe(usernameKey('vera'));
    expect(usernameProblem('王小明')).toBeUndefined();
    expect(usernameProblem('a'.repeat(65))).toContain('64');
    expect(usernameProblem('a b')).toBeDefined();
    expect(usernameProblem('a@b')).toBeDefined();
  });
});

describe('resolve session', () => {
  it('reads a user at most once per cache period and sees a change after it', async () => {
    let now = 0;
    let reads = 0;
    let session: UserSession = { username: 'olya', role: 'operator', disabled: false, token_version: 1 };
    const resolver = makeResolveSession({
      users: { session: async () => (reads++, session) },
      clock: { now: () => new Date(now) },
      appTokenLogin: true,
      appTokenFingerprint: 'fp-1',
      cacheMs: 2_000,
    });
    const claims = { sub: 'u1', tv: 1 };
    expect(await resolver.resolve(claims)).toEqual({ id: 'u1', username: 'olya', role: 'operator' });
    await Promise.all([resolver.resolve(claims), resolver.resolve(claims)]);
    expect(reads).toBe(1);
    session = { ...session, token_version: 2 };
    now = 1_999;
    expect(await resolver.resolve(claims)).toBeDefined();
    now = 2_000;
    expect(await resolver.resolve(claims)).toBeUndefined();
    expect(reads).toBe(2);
    session = { ...session, token_version: 1, disabled: true };
    resolver.forget('u1');
    expect(await resolver.resolve(claims)).toBeUndefined();
    expect(await resolver.resolve({ sub: 'u1' })).toBeUndefined();
  });

  it('treats the app token as the built-in admin unless APP_TOKEN_LOGIN is off', async () => {
    const users = { session: async () => undefined };
    const clock = { now: () => new Date() };
    const fingerprint = appTokenFingerprint('app-token-123', 'jwt-secret');
    const app = { sub: 'app', atf: fingerprint };
    expect(await makeResolveSession({ users, clock, appTokenLogin: true, appTokenFingerprint: fingerprint }).resolve(app)).toEqual({
      id: null,
      username: 'app-token',
      role: 'admin',
    });
    expect(await makeResolveSession({ users, clock, appTokenLogin: false, appTokenFingerprint: fingerprint }).resolve(app)).toBeUndefined();
  });

  it('ends the app-token sessions opened with another app token (or none): 401 UNAUTHORIZED', async () => {
    const users = { session: async () => undefined };
    const clock = { now: () => new Date() };
    const resolver = makeResolveSession({ users, clock, appTokenLogin: true, appTokenFingerprint: appTokenFingerprint('the-new-token', 'jwt-secret') });
    const unauthorized = { kind: 'unauthorized', code: 'UNAUTHORIZED', detail: expect.stringMatching(/应用令牌/) };
    await expect(resolver.resolve({ sub: 'app', atf: appTokenFingerprint('the-old-token', 'jwt-secret') })).rejects.toMatchObject(unauthorized);
    await expect(resolver.resolve({ sub: 'app' })).rejects.toMatchObject(unauthorized);
    expect(await resolver.resolve({ sub: 'app', atf: appTokenFingerprint('the-new-token', 'jwt-secret') })).toMatchObject({ username: 'app-token' });
    // Keyed: the same token under another key is another fingerprint, and the token never shows through.
    expect(appTokenFingerprint('the-new-token', 'other-secret')).not.toBe(appTokenFingerprint('the-new-token', 'jwt-secret'));
    expect(appTokenFingerprint('the-new-token', 'jwt-secret')).not.toContain('new-token');
  });
});
