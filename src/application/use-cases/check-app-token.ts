import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../domain/common/errors.ts';
import { APP_TOKEN_ACTOR } from '../../domain/accounts/user.ts';
import { type AuditLog } from '../ports/audit-log.ts';

export type CheckAppTokenDeps = {
  readonly appToken: string;
  /** What `appTokenFingerprint` is keyed with (the JWT secret: only the service can tie a token to a fingerprint). */
  readonly fingerprintKey: string;
  readonly audit: Pick<AuditLog, 'record'>;
};

/** What an app-token session's access token carries: `atf` ties it to the app token it was opened with. */
export type AppTokenClaims = { readonly sub: 'app'; readonly atf: string };

export type CheckAppToken = (submitted: string, ip?: string | null) => Promise<AppTokenClaims>;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * A short keyed hash of the app token. App-token sessions carry it and every request compares it with today's,
 * so a new `APP_TOKEN` ends the sessions of the old one. Keyed, so a leaked access token gives nothing to guess
 * the app token against; 128 bits, so no other token shares it by chance.
 */
export const appTokenFingerprint = (appToken: string, key: string): string =>
  createHmac('sha256', key).update(`app-token-session\u0000${appToken}`, 'utf8').digest().subarray(0, 16).toString('base64url');

/**
 * Accepts the submitted token only when it equals the configured application token, and answers the claims of
 * its session. Both sides are hashed first so the comparison takes the same time whatever the lengths and
 * contents. Right or wrong, the try is written to the audit log (as the built-in admin; never the token).
 */
export function makeCheckAppToken({ appToken, fingerprintKey, audit }: CheckAppTokenDeps): CheckAppToken {
  const expected = digest(appToken);
  const atf = appTokenFingerprint(appToken, fingerprintKey);
  return async (submitted, ip = null) => {
    if (!timingSafeEqual(digest(submitted), expected)) {
      await audit.record({ action: 'login_failed', actor: APP_TOKEN_ACTOR, target: 'app token', ip });
      throw new DomainError('unauthorized', 'INVALID_APP_TOKEN', '应用令牌不正确');
    }
    await audit.record({ action: 'login', actor: APP_TOKEN_ACTOR, target: 'app token', ip });
    return { sub: 'app', atf };
  };
}
