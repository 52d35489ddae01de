import { usernameKey } from '../../domain/accounts/user.ts';
import { type UserRepository } from '../ports/user-repository.ts';
import { type CreateUser } from './create-user.ts';

export type EnsureInitialAdmin = (credentials: { readonly username: string; readonly password: string }) => Promise<'created' | 'exists'>;

/**
 * INITIAL_ADMIN_USERNAME/PASSWORD at start: creates that admin when no account has the name yet, and never
 * changes an existing one (restarts with the variables still set must not reset a password someone changed).
 */
export const makeEnsureInitialAdmin =
  (deps: { readonly users: UserRepository; readonly createUser: CreateUser }): EnsureInitialAdmin =>
  async ({ username, password }) => {
    if (await deps.users.findByKey(usernameKey(username))) return 'exists';
    try {
      await deps.createUser({ username, password, role: 'admin' });
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if ((error as { code?: string }).code === 'USERNAME_TAKEN') return 'exists';
      throw error;
    }
    return 'created';
  };
