/**
 * What the login form may say about why it is shown. The address carries only one of these codes (`?message=`),
 * never text: a link with its own text would let anyone put words on our login page (phishing).
 */
export const LOGIN_NOTICES = {
  expired: '登录已过期，请重新登录',
  signed_out: '已退出登录',
  revoked: '登录已失效（账号被停用、删除或密码已更改），请重新登录',
  invalid: '登录已失效，请重新登录',
} as const;

export type LoginNotice = keyof typeof LOGIN_NOTICES;

/** The notice a code names, or null for anything else (unknown codes show nothing). */
export const asLoginNotice = (code: string | null): LoginNotice | null => (code !== null && Object.hasOwn(LOGIN_NOTICES, code) ? (code as LoginNotice) : null);

/** The notice for a 401 the service answered: a revoked session, an expired token, or any other refusal. */
export function noticeForUnauthorized(error: { readonly code: string; readonly detail: string }): LoginNotice {
  if (error.code === 'SESSION_REVOKED') return 'revoked';
  return /过期/.test(error.detail) ? 'expired' : 'invalid';
}
