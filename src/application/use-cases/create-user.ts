import { conflict } from '../../domain/common/errors.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { type Role, type User, DISPLAY_NAME_MAX } from '../../domain/accounts/user.ts';
import { type AuditLog } from '../ports/audit-log.ts';
import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type CommonPasswords, type PasswordHasher } from '../ports/password-hasher.ts';
import { type UserRepository } from '../ports/user-repository.ts';
import { type UsernameSkeleton } from '../ports/username-skeleton.ts';
import { acceptDistinctUsername, acceptPassword, acceptUsername } from '../account-rules.ts';

export type CreateUserDeps = {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly isCommonPassword: CommonPasswords;
  /** Look-alike names (UTS #39 skeletons) are refused beside an existing one. */
  readonly usernameSkeleton: UsernameSkeleton;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly ids: Ids;
};

export type CreateUserInput = {
  readonly username: string;
  readonly password: string;
  readonly role: Role;
  readonly display_name?: string | undefined;
  /** The admin creating it, for the audit log. */
  readonly actor?: Actor | undefined;
};
export type CreateUser = (input: CreateUserInput) => Promise<User>;

/** A new account: a valid, unreserved name used by nobody (case-blind, look-alikes too) and a password that passes the rules. */
export function makeCreateUser(deps: CreateUserDeps): CreateUser {
  return async (input) => {
    const username = acceptUsername(input.username);
    acceptPassword(input.password, username, deps.isCommonPassword, '/password');
    await acceptDistinctUsername(username, deps.users, deps.usernameSkeleton);
    const now = deps.clock.now().toISOString();
    const user = {
      id: deps.ids.uuid(),
      username,
      display_name: (input.display_name ?? '').trim().slice(0, DISPLAY_NAME_MAX),
      role: input.role,
      disabled: false,
      token_version: 1,
      created_at: now,
      updated_at: now,
      password_hash: await deps.hasher.hash(input.password),
    };
    if (!(await deps.users.insert(user))) throw conflict('USERNAME_TAKEN', `用户名“${username}”已被使用（不区分大小写）`);
    await deps.audit.record({ action: 'user_created', target: `${username} (${input.role})`, actor: input.actor?.name, ip: input.actor?.ip });
    const { password_hash: _hash, ...created } = user;
    return { ...created, last_login_at: null };
  };
}
