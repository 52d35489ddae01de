import { DomainError, invalid } from '../../domain/common/errors.ts';
import { type Principal, type User } from '../../domain/accounts/user.ts';
import { type AuditLog } from '../ports/audit-log.ts';
import { type Clock } from '../ports/clock.ts';
import { type LoginThrottle } from '../ports/login-throttle.ts';
import { type CommonPasswords, type PasswordHasher } from '../ports/password-hasher.ts';
import { type UserRepository } from '../ports/user-repository.ts';
import { acceptPassword, withoutHash } from '../account-rules.ts';
import { makePasswordAttempts } from '../password-attempts.ts';

export type ChangePasswordDeps = {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly isCommonPassword: CommonPasswords;
  readonly throttle: LoginThrottle;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly onRevoked?: (userId: string) => void;
};

export type ChangePassword = (input: {
  readonly principal: Principal;
  readonly oldPassword: string;
  readonly newPassword: string;
  /** The client's address: the old-password check counts against the login throttle's address limit too. */
  readonly ip: string;
}) => Promise<User>;

/**
 * A user changes their own password. It raises the token version, so every other session of theirs ends; the
 * caller issues the user a fresh token for the session that made the change. The old-password check is a
 * password check like a login's: counted first against the same limits (so a stolen session cannot guess the
 * password faster than a login could), and written to the audit log right or wrong.
 */
export function makeChangePassword(deps: ChangePasswordDeps): ChangePassword {
  const attempts = makePasswordAttempts(deps);
  return async ({ principal, oldPassword, newPassword, ip }) => {
    if (principal.id === null) throw invalid('APP_TOKEN_HAS_NO_PASSWORD', '应用令牌登录没有密码可改，请用用户名登录');
    const user = await deps.users.findById(principal.id);
    if (!user || user.disabled) throw new DomainError('unauthorized', 'UNAUTHORIZED', '登录已失效，请重新登录');
    const attempt = await attempts.begin(user.username, ip);
    if (!(await deps.hasher.verify(user.password_hash, oldPassword)).ok) {
      // The contract's audit actions have no "password change failed": it is a failed password check of this name.
      await deps.audit.record({ action: 'login_failed', target: `${user.username} (old password)`, actor: principal.username, ip });
      throw invalid('WRONG_PASSWORD', '原密码不正确', [{ path: '/old_password', message: '原密码不正确' }]);
    }
    await attempts.succeeded(attempt);
    acceptPassword(newPassword, user.username, deps.isCommonPassword, '/new_password');
    const changes = { password_hash: await deps.hasher.hash(newPassword), token_version: user.token_version + 1, updated_at: deps.clock.now().toISOString() };
    await deps.users.update(user.id, changes);
    deps.onRevoked?.(user.id);
    await deps.audit.record({ action: 'password_changed', target: user.username, actor: principal.username, ip });
    return withoutHash({ ...user, ...changes });
  };
}
