import { type Role, type User } from '../../domain/accounts/user.ts';

/** A user with its password hash: only the login and password use cases see this. */
export type UserWithHash = User & { readonly password_hash: string };

export type NewUser = Omit<UserWithHash, 'last_login_at'>;

export type UserChanges = Partial<
  Pick<UserWithHash, 'display_name' | 'role' | 'disabled' | 'password_hash' | 'token_version' | 'updated_at' | 'last_login_at'>
>;

/** What a bearer check needs to know about a user (cached briefly per instance). */
export type UserSession = { readonly username: string; readonly role: Role; readonly disabled: boolean; readonly token_version: number };

/** Where accounts live. */
export interface UserRepository {
  /** Inserts a new user; false when the name's key is taken (unique regardless of case). */
  insert(user: NewUser): Promise<boolean>;
  findById(id: string): Promise<UserWithHash | undefined>;
  /** By the case-blind key of the name (`usernameKey`). */
  findByKey(key: string): Promise<UserWithHash | undefined>;
  /** Every user, oldest first (a team is small; the list is capped at `limit`). */
  list(limit: number): Promise<User[]>;
  count(): Promise<number>;
  update(id: string, changes: UserChanges): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Applies a change that takes an enabled admin away (demote, disable: `changes`; delete: `'delete'`) only if
   * another enabled admin remains, atomically (two admins demoting each other at once cannot both succeed).
   * False when it would leave none.
   */
  changeKeepingAnAdmin(id: string, change: UserChanges | 'delete'): Promise<boolean>;
  /** The session facts of one user, or undefined when gone. */
  session(id: string): Promise<UserSession | undefined>;
}
