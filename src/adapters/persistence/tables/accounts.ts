import { type Generated } from 'kysely';

/** Table types of accounts (its migration is migrations/015-accounts.ts). */
export type UserTable = {
  id: string;
  username: string;
  /** NFKC + lower case: what makes names unique regardless of case. */
  username_key: string;
  display_name: string;
  role: string;
  /** 0 or 1 (an integer in both dialects). */
  disabled: number;
  /** PHC string; never leaves the repository except to the password use cases. */
  password_hash: string;
  /** Raised by a password change, reset, disabling or deletion: tokens naming an older version stop working. */
  token_version: number;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
};

/** One failed user-name login (the throttle counts them per name and per address in a window). */
export type LoginFailureTable = {
  id: Generated<number>;
  username_key: string;
  ip: string;
  at: string;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  ip: string | null;
};

export type AccountTables = {
  users: UserTable;
  login_failures: LoginFailureTable;
  audit_log: AuditLogTable;
};
