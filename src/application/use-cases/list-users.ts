import { type User } from '../../domain/accounts/user.ts';
import { type UserRepository } from '../ports/user-repository.ts';

/** At most this many accounts are listed: a seller's team, not a directory. */
export const USER_LIST_LIMIT = 500;

export type ListUsers = () => Promise<{ total: number; items: User[] }>;

export const makeListUsers =
  (deps: { readonly users: UserRepository }): ListUsers =>
  async () => {
    const [total, items] = await Promise.all([deps.users.count(), deps.users.list(USER_LIST_LIMIT)]);
    return { total, items };
  };
