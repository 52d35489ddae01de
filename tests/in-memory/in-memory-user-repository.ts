import { type UserRepository, type UserWithHash } from '../../src/application/ports/user-repository.ts';
import { usernameKey } from '../../src/domain/accounts/user.ts';
import { copy } from './catalog-state.ts';

/** The users table of one in-memory database; each `makeInMemoryUserRepository(table)` is a connection to it. */
export type UserTable = Map<string, UserWithHash>;

const publicOf = ({ password_hash: _hash, ...user }: UserWithHash) => user;
const isEnabledAdmin = (user: UserWithHash): boolean => user.role === 'admin' && !user.disabled;

/** The UserRepository in memory; passes tests/contract/user-repository.test.ts. Each call is atomic, as one statement is. */
export function makeInMemoryUserRepository(table: UserTable = new Map()): UserRepository {
  const byAge = (a: UserWithHash, b: UserWithHash) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1);
  return {
    async insert(user) {
      if (table.has(user.id)) throw new Error(`duplicate user id ${user.id}`);
      const key = usernameKey(user.username);
      if ([...table.values()].some((other) => usernameKey(other.username) === key)) return false;
      table.set(user.id, { ...copy(user), last_login_at: null });
      return true;
    },
    async findById(id) {
      const user = table.get(id);
      return user ? copy(user) : undefined;
    },
    async findByKey(key) {
      const user = [...table.values()].find((candidate) => usernameKey(candidate.username) === key);
      return user ? copy(user) : undefined;
    },
    async list(limit) {
      return copy([...table.values()].sort(byAge).slice(0, limit).map(publicOf));
    },
    async count() {
      return table.size;
    },
    async update(id, changes) {
      const user = table.get(id);
      if (user) table.set(id, { ...user, ...copy(changes) });
    },
    async changeKeepingAnAdmin(id, change) {
      const user = table.get(id);
      if (!user || ![...table.values()].some((other) => other.id !== id && isEnabledAdmin(other))) return false;
      if (change === 'delete') table.delete(id);
      else table.set(id, { ...user, ...copy(change) });
      return true;
    },
    async delete(id) {
      table.delete(id);
    },
    async session(id) {
      const user = table.get(id);
      return user ? { username: user.username, role: user.role, disabled: user.disabled, token_version: user.token_version } : undefined;
    },
  };
}
