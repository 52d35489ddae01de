import { type AuditLog } from '../ports/audit-log.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { type UserRepository } from '../ports/user-repository.ts';
import { userNotFound, writeKeepingAnAdmin } from '../account-rules.ts';

/** Removes the account `id`, by `actor` (the admin, for the audit log). */
export type DeleteUser = (id: string, actor?: Actor) => Promise<void>;

/** Removes an account (its tokens stop working with it); never the last enabled admin (409). */
export function makeDeleteUser(deps: { readonly users: UserRepository; readonly audit: AuditLog; readonly onRevoked?: (userId: string) => void }): DeleteUser {
  return async (id, actor) => {
    const user = await deps.users.findById(id);
    if (!user) throw userNotFound();
    await writeKeepingAnAdmin(deps.users, user, true, 'delete');
    deps.onRevoked?.(id);
    await deps.audit.record({ action: 'user_deleted', target: user.username, actor: actor?.name, ip: actor?.ip });
  };
}
