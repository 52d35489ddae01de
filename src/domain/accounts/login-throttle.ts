/** How many failed password checks a user name and a client address may have within a window. */
export type ThrottleLimits = { readonly perName: number; readonly perAddress: number; readonly windowMs: number };

/** docs/decisions.md, Accounts: five failures per user name or fifty per address within 15 minutes. */
export const LOGIN_THROTTLE_LIMITS: ThrottleLimits = { perName: 5, perAddress: 50, windowMs: 15 * 60_000 };

/**
 * Seconds until a locked name or address may try again. The lock lifts when the failure that tipped the count
 * (the limit-th newest in the window) leaves the window; never less than one second while locked.
 */
export function retryAfterSeconds(tippingAt: Date, limits: ThrottleLimits, now: Date): number {
  return Math.max(1, Math.ceil((tippingAt.getTime() + limits.windowMs - now.getTime()) / 1000));
}
