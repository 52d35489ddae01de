import { RateLimitedError } from '../domain/common/errors.ts';
import { LOGIN_THROTTLE_LIMITS, retryAfterSeconds } from '../domain/accounts/login-throttle.ts';
import { usernameKey, USERNAME_MAX } from '../domain/accounts/user.ts';
import { type AuditLog } from './ports/audit-log.ts';
import { type Clock } from './ports/clock.ts';
import { type LoginAttempt, type LoginThrottle } from './ports/login-throttle.ts';

export type PasswordAttemptsDeps = { readonly throttle: LoginThrottle; readonly audit: AuditLog; readonly clock: Clock };

export type PasswordAttempts = {
  /**
   * Counts a password check for this name and address before it runs (docs/decisions.md, Accounts: five per name, fifty per
   * address in 15 minutes), or throws 429 `LOGIN_THROTTLED` without counting it. The check is a failure until
   * `succeeded` is called, so a check that throws half-way stays counted.
   */
  begin(username: string, ip: string): Promise<LoginAttempt>;
  /** The password was right: the name's failures up to this one are forgotten. */
  succeeded(attempt: LoginAttempt): Promise<void>;
};

/** A throttled name and address is written to the audit log at most this often. */
export const THROTTLED_AUDIT_EVERY_MS = 60_000;

/** The audit's name for a submitted user name: names longer than any real one are cut, never stored whole. */
export const auditName = (username: string): string => [...username].slice(0, USERNAME_MAX).join('');

/** The throttle's rule around every password check: logins and the old password of a password change. */
export function makePasswordAttempts({ throttle, audit, clock }: PasswordAttemptsDeps): PasswordAttempts {
  // A client hammering a locked name would otherwise write one audit row per refused try: one a minute per
  // name and address (per instance) says the same.
  const throttledNoted = new Map<string, number>();
  const noteThrottled = async (actor: string, key: string, ip: string): Promise<void> => {
    const now = clock.now().getTime();
    const seen = `${key}\u0000${ip}`;
    if (now - (throttledNoted.get(seen) ?? -Infinity) < THROTTLED_AUDIT_EVERY_MS) return;
    if (throttledNoted.size > 10_000) for (const [entry, at] of throttledNoted) if (now - at >= THROTTLED_AUDIT_EVERY_MS) throttledNoted.delete(entry);
    throttledNoted.set(seen, now);
    await audit.record({ action: 'login_throttled', actor, ip });
  };

  return {
    async begin(username, ip) {
      const key = usernameKey(username);
      const now = clock.now();
      const reservation = await throttle.reserve(key, ip, now, LOGIN_THROTTLE_LIMITS);
      if (reservation.granted) return reservation.attempt;
      await noteThrottled(auditName(username), key, ip);
      const wait = retryAfterSeconds(reservation.tippingAt, LOGIN_THROTTLE_LIMITS, now);
      throw new RateLimitedError('LOGIN_THROTTLED', `登录失败次数过多，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
    },
    succeeded: (attempt) => throttle.succeeded(attempt),
  };
}
