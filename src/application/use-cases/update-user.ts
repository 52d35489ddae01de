import { type Role, type User, DISPLAY_NAME_MAX } from '../../domain/accounts/user.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { type AuditLog } from '../ports/audit-log.ts';
import { type Clock } from '../ports/clock.ts';
import { type CommonPasswords, type PasswordHasher } from '../ports/password-hasher.ts';
import { type UserChanges, type UserRepository } from '../ports/user-repository.ts';
import { acceptPassword, userNotFound, withoutHash, writeKeepingAnAdmin } from '../account-rules.ts';

export type UpdateUserDeps = {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly isCommonPassword: CommonPasswords;
  readonly audit: AuditLog;
  readonly clock: Clock;
  /** Called after a change that must end the user's sessions (this instance forgets its cached view). */
  readonly onRevoked?: (userId: string) => void;
};

export type UpdateUserInput = {
  readonly id: string;
  readonly role?: Role | undefined;
  readonly disabled?: boolean | undefined;
  /** A reset by an admin. */
  readonly password?: string | undefined;
  readonly display_name?: string | undefined;
  /** The admin making the change, for the audit log. */
  readonly actor?: Actor | undefined;
};
export type UpdateUser = (input: UpdateUserInput) => Promise<User>;

/**
 * An admin changes an account. A reset password or disabling raises the token version, which ends the user's
 * sessions everywhere; demoting or disabling the last enabled admin is refused (409).
 */
export function makeUpdateUser(deps: UpdateUserDeps): UpdateUser {
  return async (input) => {
    const user = await deps.users.findById(input.id);
    if (!user) throw userNotFound();
    const roleChanged = input.role !== undefined && input.role !== user.role;
    const disabling = input.disabled === true && !user.disabled;
    const takesAdminAway = (roleChanged && input.role !== 'admin') || disabling;
    if (input.password !== undefined) acceptPassword(input.password, user.username, deps.isCommonPassword, '/password');

    const changes: { -readonly [K in keyof UserChanges]: UserChanges[K] } = { updated_at: deps.clock.now().toISOString() };
    const changed: string[] = [];
    if (roleChanged) {
      changes.role = input.role;
      changed.push(`role=${input.role}`);
    }
    if (input.disabled !== undefined && input.disabled !== user.disabled) {
      changes.disabled = input.disabled;
      changed.push(input.disabled ? 'disabled' : 'enabled');
    }
    if (input.display_name !== undefined) {
      changes.display_name = input.display_name.trim().slice(0, DISPLAY_NAME_MAX);
      changed.push('display_name');
    }
    const revoke = input.password !== undefined || disabling;
    if (input.password !== undefined) changes.password_hash = await deps.hasher.hash(input.password);
    if (revoke) changes.token_version = user.token_version + 1;

    await writeKeepingAnAdmin(deps.users, user, takesAdminAway, changes);
    if (revoke) deps.onRevoked?.(user.id);
    if (changed.length > 0)
      await deps.audit.record({ action: 'user_updated', target: `${user.username} (${changed.join(', ')})`, actor: input.actor?.name, ip: input.actor?.ip });
    if (input.password !== undefined)
      await deps.audit.record({ action: 'password_changed', target: `${user.username} (reset)`, actor: input.actor?.name, ip: input.actor?.ip });
    return withoutHash({ ...user, ...changes } as typeof user);
  };
}
