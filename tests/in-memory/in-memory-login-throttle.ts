import { type LoginThrottle } from '../../src/application/ports/login-throttle.ts';
import { LOGIN_THROTTLE_LIMITS, type ThrottleLimits } from '../../src/adapters/persistence/kysely-login-throttle.ts';

type Failure = { readonly usernameKey: string; readonly ip: string; readonly at: number };

/** The login_failures table of one in-memory database; each `makeInMemoryLoginThrottle(table)` is a connection to it. */
export type FailureTable = Failure[];

/** The LoginThrottle in memory, with the adapter's limits; passes tests/contract/login-throttle.test.ts. */
export function makeInMemoryLoginThrottle(failures: FailureTable = [], limits: ThrottleLimits = LOGIN_THROTTLE_LIMITS): LoginThrottle {
  // The wait ends when the failure that tipped the count (the limit-th newest in the window) leaves the window.
  const waitFor = (matches: (failure: Failure) => boolean, limit: number, now: Date): number => {
    const recent = failures.filter((failure) => matches(failure) && failure.at > now.getTime() - limits.windowMs).sort((a, b) => b.at - a.at);
    const tipping = recent[limit - 1];
    return tipping ? Math.max(1, Math.ceil((tipping.at + limits.windowMs - now.getTime()) / 1000)) : 0;
  };
  return {
    async retryAfter(usernameKey, ip, now) {
      return Math.max(
        waitFor((f) => f.usernameKey === usernameKey, limits.perName, now),
        waitFor((f) => f.ip === ip, limits.perAddress, now),
      );
    },
    async recordFailure(usernameKey, ip, now) {
      failures.push({ usernameKey, ip, at: now.getTime() });
    },
    async clearName(usernameKey) {
      for (let i = failures.length - 1; i >= 0; i--) if (failures[i]!.usernameKey === usernameKey) failures.splice(i, 1);
    },
  };
}
