import { type DomainError, conflict, invalid, notFound } from '../domain/errors.ts';
import { type User, normaliseUsername, passwordProblem, usernameProblem } from '../domain/user.ts';
import { type CommonPasswords } from './ports/password-hasher.ts';
import { type UserChanges, type UserRepository, type UserWithHash } from './ports/user-repository.ts';

/** The user without its hash: what any response may carry. */
export const withoutHash = ({ password_hash: _hash, ...user }: UserWithHash): User => user;

/** The normalised user name, or 422 naming the rule it breaks. */
export function acceptUsername(name: string): string {
  const normalised = normaliseUsername(name);
  const problem = usernameProblem(normalised);
  if (problem) throw invalid('INVALID_USERNAME', problem, [{ path: '/username', message: problem }]);
  return normalised;
}

/** 422 when the password breaks a rule of docs/decisions.md, Accounts. */
export function acceptPassword(password: string, username: string, isCommon: CommonPasswords, path: string): void {
  const problem = passwordProblem(password, username, isCommon);
  if (problem) throw invalid('WEAK_PASSWORD', problem, [{ path, message: problem }]);
}

/** The one answer for a user id that names no account. */
export const userNotFound = (): DomainError => notFound('USER_NOT_FOUND', '用户不存在');

export const lastAdmin = (): Error => conflict('LAST_ADMIN', '这是最后一个启用的管理员，不能停用、降级或删除；请先让另一个用户成为管理员');

/** Whether the user is an enabled admin, whose removal must leave another one. */
export const isEnabledAdmin = (user: User): boolean => user.role === 'admin' && !user.disabled;

/**
 * Writes a change (or a deletion) of a user; when it takes an enabled admin away, only if another enabled admin
 * remains, checked atomically with the write (else 409 LAST_ADMIN).
 */
export async function writeKeepingAnAdmin(users: UserRepository, user: User, takesAdminAway: boolean, change: UserChanges | 'delete'): Promise<void> {
  if (takesAdminAway && isEnabledAdmin(user)) {
    if (!(await users.changeKeepingAnAdmin(user.id, change))) throw lastAdmin();
    return;
  }
  if (change === 'delete') await users.delete(user.id);
  else await users.update(user.id, change);
}
