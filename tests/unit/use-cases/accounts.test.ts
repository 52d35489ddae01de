import { describe, expect, it } from 'vitest';
import { makeArgon2PasswordHasher } from '../../../src/adapters/crypto/argon2-password-hasher.ts';
import { isCommonPassword } from '../../../src/adapters/crypto/common-password-list.ts';
import { confusablesSkeleton } from '../../../src/adapters/text/confusables-skeleton.ts';
import { type AuditEvent, type AuditLog } from '../../../src/application/ports/audit-log.ts';
import { makeChangePassword } from '../../../src/application/use-cases/change-password.ts';
import { makeCreateUser } from '../../../src/application/use-cases/create-user.ts';
import { makeDeleteUser } from '../../../src/application/use-cases/delete-user.ts';
import { makeEnsureInitialAdmin } from '../../../src/application/use-cases/ensure-initial-admin.ts';
import { makeListUsers } from '../../../src/application/use-cases/list-users.ts';
import { makeLoginWithPassword } from '../../../src/application/use-cases/login-with-password.ts';
import { makeUpdateUser } from '../../../src/application/use-cases/update-user.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryLoginThrottle } from '../../in-memory/in-memory-login-throttle.ts';
import { makeInMemoryUserRepository } from '../../in-memory/in-memory-user-repository.ts';

/** Account use cases on the in-memory user repository; argon2id at a token cost (the real cost is the adapter's test). */
function accountKit() {
  const users = makeInMemoryUserRepository();
  const hasher = makeArgon2PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const clock = makeTestClock();
  const ids = makeSequentialIds();
  // What was recorded is the behaviour here (an outbound notification), so the log only collects.
  const recorded: AuditEvent[] = [];
  const audit = { record: async (event: AuditEvent) => void recorded.push(event) } as Pick<AuditLog, 'record'> as AuditLog;
  const revoked: string[] = [];
  const onRevoked = (id: string) => void revoked.push(id);
  const throttle = makeInMemoryLoginThrottle();
  const deps = { users, hasher, isCommonPassword, usernameSkeleton: confusablesSkeleton, audit, clock, ids, onRevoked, throttle };
  return {
    ...deps,
    recorded,
    revoked,
    createUser: makeCreateUser(deps),
    updateUser: makeUpdateUser(deps),
    deleteUser: makeDeleteUser(deps),
    changePassword: makeChangePassword(deps),
    login: makeLoginWithPassword(deps),
  };
}

const STRONG = 'Kraska-Lodka-7731';

describe('create user', () => {
  it('stores a normalised, case-blind unique name with a hashed password, and records it', async () => {
    const kit = accountKit();
    const user = await kit.createUser({ username: ' Vera ', password: STRONG, role: 'operator', display_name: '  Вера  ' });
    expect(user).toEqual({
      id: kit.ids.nth(1),
      username: 'Vera',
      display_name: 'Вера',
      role: 'operator',
      disabled: false,
      token_version: 1,
      created_at: kit.clock.iso(),
      updated_at: kit.clock.iso(),
      last_login_at: null,
    });
    const stored = await kit.users.findById(user.id);
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
    expect((await kit.hasher.verify(stored!.password_hash, STRONG)).ok).toBe(true);
    await expect(kit.createUser({ username: 'VERA', password: STRONG, role: 'admin' })).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(kit.recorded).toEqual([{ action: 'user_created', target: 'Vera (operator)' }]);
  });

  it('refuses a weak or common password and a bad name (422), storing nothing', async () => {
    const kit = accountKit();
    await expect(kit.createUser({ username: 'vera', password: 'short', role: 'operator' })).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      problems: [{ path: '/password' }],
    });
    await expect(kit.createUser({ username: 'vera', password: 'qwertyuiop', role: 'operator' })).rejects.toMatchObject({ code: 'WEAK_PASSWORD' });
    await expect(kit.createUser({ username: 'vera', password: 'Vera-Lodka-7731', role: 'operator' })).rejects.toMatchObject({ code: 'WEAK_PASSWORD' });
    await expect(kit.createUser({ username: 'a b', password: STRONG, role: 'operator' })).rejects.toMatchObject({ code: 'INVALID_USERNAME' });
    expect(await kit.users.count()).toBe(0);
  });
});

describe('user names that pass for others', () => {
  it('refuses reserved names and look-alikes of existing names (UTS #39 skeletons), case-blind', async () => {
    const kit = accountKit();
    await kit.createUser({ username: 'root', password: STRONG, role: 'admin' });
    for (const username of ['app-token', 'APP-TOKEN', 'app_token', 'Apptoken', 'System', 'аpp-token'])
      await expect(kit.createUser({ username, password: STRONG, role: 'operator' })).rejects.toMatchObject({
        code: 'USERNAME_RESERVED',
        problems: [{ path: '/username' }],
      });
    for (const username of ['rооt', 'RООT'])
      await expect(kit.createUser({ username, password: STRONG, role: 'operator' })).rejects.toMatchObject({
        code: 'USERNAME_CONFUSABLE',
        problems: [{ path: '/username' }],
      });
    expect((await kit.users.list(10)).map((user) => user.username)).toEqual(['root']);
    expect(confusablesSkeleton('rооt')).toBe(confusablesSkeleton('root'));
    expect(confusablesSkeleton('ольга')).not.toBe(confusablesSkeleton('olga'));
  });
});

describe('update and delete user', () => {
  it('never demotes, disables or deletes the last enabled admin (409), and does once another admin exists', async () => {
    const kit = accountKit();
    const admin = await kit.createUser({ username: 'boss', password: STRONG, role: 'admin' });
    await expect(kit.updateUser({ id: admin.id, role: 'operator' })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(kit.updateUser({ id: admin.id, disabled: true })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(kit.deleteUser(admin.id)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    expect(await kit.users.findById(admin.id)).toMatchObject({ role: 'admin', disabled: false });
    await kit.createUser({ username: 'second', password: STRONG, role: 'admin' });
    expect(await kit.updateUser({ id: admin.id, role: 'operator' })).toMatchObject({ role: 'operator' });
    await kit.deleteUser(admin.id);
    expect(await kit.users.findById(admin.id)).toBeUndefined();
    expect(kit.revoked).toEqual([admin.id]);
    await expect(kit.deleteUser(admin.id)).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('ends the sessions of a disabled user or a reset password (token version + 1), not of a rename', async () => {
    const kit = accountKit();
    await kit.createUser({ username: 'boss', password: STRONG, role: 'admin' });
    const vera = await kit.createUser({ username: 'vera', password: STRONG, role: 'operator' });
    await kit.updateUser({ id: vera.id, display_name: 'Вера' });
    expect((await kit.users.session(vera.id))?.token_version).toBe(1);
    await kit.updateUser({ id: vera.id, password: 'Novaya-Lodka-8842' });
    expect((await kit.users.session(vera.id))?.token_version).toBe(2);
    expect((await kit.hasher.verify((await kit.users.findById(vera.id))!.password_hash, 'Novaya-Lodka-8842')).ok).toBe(true);
    await kit.updateUser({ id: vera.id, disabled: true });
    expect(await kit.users.session(vera.id)).toEqual({ username: 'vera', role: 'operator', disabled: true, token_version: 3 });
    expect(kit.revoked).toEqual([vera.id, vera.id]);
    expect(kit.recorded.map((event) => event.action)).toEqual(['user_created', 'user_created', 'user_updated', 'password_changed', 'user_updated']);
  });
});

describe('change password', () => {
  it('needs the old password, keeps the rules for the new one, and ends the other sessions', async () => {
    const kit = accountKit();
    const vera = await kit.createUser({ username: 'vera', password: STRONG, role: 'operator' });
    const principal = { id: vera.id, username: 'vera', role: 'operator' as const };
    await expect(kit.changePassword({ principal, ip: '10.0.0.1', oldPassword: 'wrong', newPassword: 'Novaya-Lodka-8842' })).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
    });
    await expect(kit.changePassword({ principal, ip: '10.0.0.1', oldPassword: STRONG, newPassword: 'vera' })).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      problems: [{ path: '/new_password' }],
    });
    expect((await kit.users.session(vera.id))?.token_version).toBe(1);
    expect(await kit.changePassword({ principal, ip: '10.0.0.1', oldPassword: STRONG, newPassword: 'Novaya-Lodka-8842' })).toMatchObject({ token_version: 2 });
    expect((await kit.hasher.verify((await kit.users.findById(vera.id))!.password_hash, 'Novaya-Lodka-8842')).ok).toBe(true);
    expect(kit.revoked).toEqual([vera.id]);
    await expect(kit.changePassword({ principal: { ...principal, id: null }, ip: '10.0.0.1', oldPassword: STRONG, newPassword: 'x' })).rejects.toMatchObject({
      code: 'APP_TOKEN_HAS_NO_PASSWORD',
    });
  });
});

describe('login with password', () => {
  it('logs in by case-blind name, noting the time; one answer for a wrong password, an unknown name and a disabled account', async () => {
    const kit = accountKit();
    const vera = await kit.createUser({ username: 'Vera', password: STRONG, role: 'operator' });
    kit.clock.advance(60_000);
    expect(await kit.login({ username: 'VERA', password: STRONG, ip: '10.0.0.1' })).toMatchObject({ id: vera.id, last_login_at: kit.clock.iso() });
    expect((await kit.users.findById(vera.id))?.last_login_at).toBe(kit.clock.iso());
    await kit.createUser({ username: 'boss', password: STRONG, role: 'admin' });
    await kit.updateUser({ id: vera.id, disabled: true });
    for (const [username, password] of [
      ['vera', 'wrong-password-1'],
      ['nobody', STRONG],
      ['vera', STRONG],
    ]) {
      await expect(kit.login({ username: username!, password: password!, ip: '10.0.0.1' })).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
        kind: 'unauthorized',
      });
    }
    expect(kit.recorded.filter((event) => event.action.startsWith('login')).map((event) => [event.action, event.actor])).toEqual([
      ['login', 'Vera'],
      ['login_failed', 'vera'],
      ['login_failed', 'nobody'],
      ['login_failed', 'vera'],
    ]);
  });

  it('locks a name after five failures in 15 minutes (429, before any hash), and a success clears the name', async () => {
    const kit = accountKit();
    await kit.createUser({ username: 'vera', password: STRONG, role: 'operator' });
    await kit.login({ username: 'vera', password: 'wrong-password-1', ip: '10.0.0.1' }).catch(() => undefined);
    await kit.login({ username: 'vera', password: STRONG, ip: '10.0.0.1' });
    for (let i = 0; i < 5; i++) await kit.login({ username: 'vera', password: 'wrong-password-1', ip: '10.0.0.1' }).catch(() => undefined);
    await expect(kit.login({ username: 'vera', password: STRONG, ip: '10.0.0.2' })).rejects.toMatchObject({ code: 'LOGIN_THROTTLED' });
    kit.clock.advance(15 * 60_000);
    expect(await kit.login({ username: 'vera', password: STRONG, ip: '10.0.0.2' })).toMatchObject({ username: 'vera' });
  });
});

describe('login under a burst', () => {
  it('checks at most five passwords of 100 parallel logins for one name, the right one coming late', async () => {
    const kit = accountKit();
    await kit.createUser({ username: 'vera', password: STRONG, role: 'operator' });
    let checks = 0;
    const counted = { ...kit.hasher, verify: (hash: string, password: string) => (checks++, kit.hasher.verify(hash, password)) };
    const login = makeLoginWithPassword({ ...kit, hasher: counted });
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 97 ? STRONG : `wrong-password-${i}`));
    const outcomes = await Promise.allSettled(guesses.map((password) => login({ username: 'vera', password, ip: '10.0.0.1' })));
    expect(checks).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && (outcome.reason as { code?: string }).code === 'LOGIN_THROTTLED')).toHaveLength(95);
    expect(outcomes[97]).toMatchObject({ status: 'rejected', reason: { code: 'LOGIN_THROTTLED' } });
  });
});

describe('initial admin and the user list', () => {
  it('creates the configured admin once and never changes it again; lists accounts oldest first', async () => {
    const kit = accountKit();
    const ensure = makeEnsureInitialAdmin(kit);
    expect(await ensure({ username: 'Admin', password: STRONG })).toBe('created');
    expect(await ensure({ username: 'admin', password: 'Another-Secret-991' })).toBe('exists');
    const admin = await kit.users.findByKey('admin');
    expect(admin).toMatchObject({ username: 'Admin', role: 'admin' });
    expect((await kit.hasher.verify(admin!.password_hash, STRONG)).ok).toBe(true);
    kit.clock.advance(1_000);
    await kit.createUser({ username: 'vera', password: STRONG, role: 'operator' });
    const list = await makeListUsers(kit)();
    expect([list.total, list.items.map((user) => user.username)]).toEqual([2, ['Admin', 'vera']]);
    expect(list.items[0]).not.toHaveProperty('password_hash');
  });
});
