import { DomainError, RateLimitedError } from '../../domain/errors.ts';
import { type User, usernameKey, USERNAME_MAX } from '../../domain/user.ts';
import { type AuditLog } from '../ports/audit-log.ts';
import { type Clock } from '../ports/clock.ts';
import { type LoginThrottle } from '../ports/login-throttle.ts';
import { type PasswordHasher } from '../ports/password-hasher.ts';
import { type UserRepository } from '../ports/user-repository.ts';

export type LoginWithPasswordDeps = {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly throttle: LoginThrottle;
  readonly audit: AuditLog;
  readonly clock: Clock;
};

export type LoginWithPassword = (input: { readonly username: string; readonly password: string; readonly ip: string }) => Promise<User>;

/** A throttled name and address is written to the audit log at most this often. */
export const THROTTLED_AUDIT_EVERY_MS = 60_000;

/** One answer for an unknown name, a wrong password and a disabled account, so none of them tells which. */
const badCredentials = (): DomainError => new DomainError('unauthorized', 'INVALID_CREDENTIALS', '用户名或密码不正确');

/**
 * A login by user name and password (docs/decisions.md, Accounts). Throttled names and addresses get 429 before any hash is
 * computed; an unknown name is verified against a throwaway hash so it takes as long as a wrong password; a
 * hash with old parameters is replaced by one at today's cost.
 */
export function makeLoginWithPassword(deps: LoginWithPasswordDeps): LoginWithPassword {
  const { users, hasher, throttle, audit, clock } = deps;
  // A client hammering a locked name would otherwise write one audit row per refused try: one a minute per
  // name and address (per instance) says the same.
  const throttledNoted = new Map<string, number>();
  const noteThrottled = async (actor: string, key: string, ip: string): Promise<void> => {
    const now = clock.now().getTime();
    const seen = `${key}\u0000${ip}`;
    if (now - (throttledNoted.get(seen) ?? -Infinity) < THROTTLED_AUDIT_EVERY_MS) return;
    if (throttledNoted.size > 10_000) for (const [entry, at] of throttledNoted) if (now - at >= THROTTLED_AUDIT_EVERY_MS) throttledNoted.delete(entry);
    throttledNoted.set(seen, now);
    await audit.record({ action: 'login_throttled', actor });
  };
  return async ({ username, password, ip }) => {
    const key = usernameKey(username);
    // Names longer than any real one are still counted (as their first characters), never stored whole.
    const actor = [...username].slice(0, USERNAME_MAX).join('');
    const wait = await throttle.retryAfter(key, ip, clock.now());
    if (wait > 0) {
      await noteThrottled(actor, key, ip);
      throw new RateLimitedError('LOGIN_THROTTLED', `登录失败次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
    }

    const user = await users.findByKey(key);
    let ok = false;
    if (user) {
      const outcome = await hasher.verify(user.password_hash, password);
      ok = outcome.ok && !user.disabled;
      if (ok && outcome.rehash) await users.update(user.id, { password_hash: await hasher.hash(password) });
    } else {
      await hasher.verifyDummy(password);
    }
    if (!user || !ok) {
      await throttle.recordFailure(key, ip, clock.now());
      await audit.record({ action: 'login_failed', actor });
      throw badCredentials();
    }

    const now = clock.now().toISOString();
    await throttle.clearName(key);
    await users.update(user.id, { last_login_at: now });
    await audit.record({ action: 'login', actor: user.username });
    const { password_hash: _hash, ...rest } = user;
    return { ...rest, last_login_at: now };
  };
}
