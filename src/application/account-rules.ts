import { type DomainError, conflict, invalid, notFound } from '../domain/common/errors.ts';
import { type User, normaliseUsername, passwordProblem, RESERVED_USERNAMES, usernameKey, usernameProblem } from '../domain/accounts/user.ts';
import { type CommonPasswords } from './ports/password-hasher.ts';
import { type UsernameSkeleton } from './ports/username-skeleton.ts';
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

/** More accounts than any team has: the look-alike check reads them all. */
const USERS_COMPARED = 100_000;

/**
 * Refuses a (normalised) new name that reads as a reserved one (422 `USERNAME_RESERVED`) or as an existing
 * user's other name (409 `USERNAME_CONFUSABLE`): `rооt` with Cyrillic о beside `root`. The same name in another
 * case is left to the insert's `USERNAME_TAKEN`.
 */
export async function acceptDistinctUsername(username: string, users: Pick<UserRepository, 'list'>, skeleton: UsernameSkeleton): Promise<void> {
  const key = usernameKey(username);
  const looks = skeleton(key);
  if (RESERVED_USERNAMES.some((reserved) => skeleton(reserved) === looks)) {
    const message = `用户名“${username}”为系统保留（内置管理员或系统记录使用），请换一个`;
    throw invalid('USERNAME_RESERVED', message, [{ path: '/username', message }]);
  }
  const twin = (await users.list(USERS_COMPARED)).find((user) => usernameKey(user.username) !== key && skeleton(usernameKey(user.username)) === looks);
  if (twin) {
    const message = `用户名“${username}”与已有用户“${twin.username}”看起来几乎一样，容易混淆，请换一个`;
    throw conflict('USERNAME_CONFUSABLE', message, [{ path: '/username', message }]);
  }
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
