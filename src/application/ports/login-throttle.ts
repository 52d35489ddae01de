import { type ThrottleLimits } from '../../domain/accounts/login-throttle.ts';

/** A password check that was let through; it counts as a failure until it is settled as a success. */
export type LoginAttempt = { readonly id: number };

export type Reservation =
  | { readonly granted: true; readonly attempt: LoginAttempt }
  /** `tippingAt`: the failure that filled the exceeded limit (for the later of the two when both are full). */
  | { readonly granted: false; readonly tippingAt: Date };

/**
 * Password checks by user name and client address, kept in the database so every instance counts the same
 * attempts and a restart forgets none. Counting comes before the (slow) check, so a burst cannot pass together.
 */
export interface LoginThrottle {
  /**
   * In one atomic step across every instance: when the name has fewer than `perName` and the address fewer than
   * `perAddress` attempts in the window, records this attempt (as a failure) and grants it; else records nothing.
   */
  reserve(usernameKey: string, ip: string, now: Date, limits: ThrottleLimits): Promise<Reservation>;
  /** The attempt succeeded: forgets it and the name's earlier failures; attempts reserved after it stay counted. */
  succeeded(attempt: LoginAttempt): Promise<void>;
}
