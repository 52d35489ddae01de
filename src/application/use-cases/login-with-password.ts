import { DomainError } from '../../domain/common/errors.ts';
import { type User, usernameKey } from '../../domain/accounts/user.ts';
import { type AuditLog } from '../ports/audit-log.ts';
import { type Clock } from '../ports/clock.ts';
import { type LoginThrottle } from '../ports/login-throttle.ts';
import { type PasswordHasher } from '../ports/password-hasher.ts';
import { type UserRepository } from '../ports/user-repository.ts';
import { auditName, makePasswordAttempts } from '../password-attempts.ts';

export type LoginWithPasswordDeps = {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly throttle: LoginThrottle;
  readonly audit: AuditLog;
  readonly clock: Clock;
};

export type LoginWithPassword = (input: { readonly username: string; readonly password: string; readonly ip: string }) => Promise<User>;

/** One answer for an unknown name, a wrong password and a disabled account, so none of them tells which. */
const badCredentials = (): DomainError => new DomainError('unauthorized', 'INVALID_CREDENTIALS', '用户名或密码不正确');

/**
 * A login by user name and password (docs/decisions.md, Accounts). The attempt is counted before any hash is computed, so a
 * burst gets at most the limit's checks and the rest 429; an unknown name is verified against a throwaway hash
 * so it takes as long as a wrong password; a hash with old parameters is replaced by one at today's cost.
 */
export function makeLoginWithPassword(deps: LoginWithPasswordDeps): LoginWithPassword {
  const { users, hasher, audit, clock } = deps;
  const attempts = makePasswordAttempts(deps);
  return async ({ username, password, ip }) => {
    const attempt = await attempts.begin(username, ip);

    const user = await users.findByKey(usernameKey(username));
    let ok = false;
    if (user) {
      const outcome = await hasher.verify(user.password_hash, password);
      ok = outcome.ok && !user.disabled;
      if (ok && outcome.rehash) await users.update(user.id, { password_hash: await hasher.hash(password) });
    } else {
      await hasher.verifyDummy(password);
    }
    if (!user || !ok) {
      // The reserved attempt stays as the failure.
      await audit.record({ action: 'login_failed', actor: auditName(username), ip });
      throw badCredentials();
    }

    const now = clock.now().toISOString();
    await attempts.succeeded(attempt);
    await users.update(user.id, { last_login_at: now });
    await audit.record({ action: 'login', actor: user.username, ip });
    const { password_hash: _hash, ...rest } = user;
    return { ...rest, last_login_at: now };
  };
}
