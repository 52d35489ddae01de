/** The two roles (docs/decisions.md, Accounts): `admin` may do everything, `operator` everything but users, shops and the audit. */
export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const USERNAME_MAX = 64;
export const DISPLAY_NAME_MAX = 64;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** The name the app token acts under (audit `actor`, products' `created_by`/`updated_by`). */
export const APP_TOKEN_ACTOR = 'app-token';

/** A stored account. The password hash never leaves the application layer. */
export type User = {
  readonly id: string;
  readonly username: string;
  readonly display_name: string;
  readonly role: Role;
  readonly disabled: boolean;
  readonly token_version: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly last_login_at: string | null;
};

/** Who a request acts as: a user, or the app token's built-in admin (`id: null`). */
export type Principal = { readonly id: string | null; readonly username: string; readonly role: Role };

/**
 * Names no account may take (compared by their case-blind look-alike skeleton): the built-in admin's and the
 * audit log's actor for work nobody requested, which a user so named would pass for.
 */
export const RESERVED_USERNAMES = [APP_TOKEN_ACTOR, 'app_token', 'app.token', 'apptoken', 'system'] as const;

export const APP_TOKEN_PRINCIPAL: Principal = { id: null, username: APP_TOKEN_ACTOR, role: 'admin' };

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** User names are compared after NFKC, so full-width and half-width forms of one name are one name. */
export const normaliseUsername = (name: string): string => name.normalize('NFKC').trim();

/** The key that makes names unique regardless of case. */
export const usernameKey = (name: string): string => normaliseUsername(name).toLowerCase();

const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}._-]+$/u;

/** Why a (normalised) user name is not acceptable, or undefined. */
export function usernameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length < 1) return '用户名不能为空';
  if (length > USERNAME_MAX) return `用户名最多 ${USERNAME_MAX} 个字符`;
  if (!USERNAME_PATTERN.test(name)) return '用户名只能包含字母（任何文字）、数字和 . _ -';
  return undefined;
}

/**
 * Why a password is not acceptable, or undefined: 10–128 characters, not holding the user name, not on the
 * common-password list (`isCommon` is the list a package ships).
 */
export function passwordProblem(password: string, username: string, isCommon: (password: string) => boolean): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 个字符`;
  if (length > PASSWORD_MAX) return `密码最多 ${PASSWORD_MAX} 个字符`;
  const key = usernameKey(username);
  if (key && password.normalize('NFKC').toLowerCase().includes(key)) return '密码不能包含用户名';
  if (isCommon(password)) return '这个密码太常见，容易被猜中，请换一个';
  return undefined;
}
