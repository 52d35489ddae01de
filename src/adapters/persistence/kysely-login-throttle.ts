import { type Kysely } from 'kysely';
import { type LoginThrottle } from '../../application/ports/login-throttle.ts';
import { type Database } from './database.ts';

export type ThrottleLimits = { readonly perName: number; readonly perAddress: number; readonly windowMs: number };

/** docs/decisions.md, Accounts: five failures per user name or fifty per address within 15 minutes. */
export const LOGIN_THROTTLE_LIMITS: ThrottleLimits = { perName: 5, perAddress: 50, windowMs: 15 * 60_000 };

/**
 * Failed logins as rows, so every instance counts the same failures and a restart forgets none. The wait ends
 * when the failure that tipped the count leaves the window: the `limit`-th newest one, plus the window.
 */
export function makeKyselyLoginThrottle(db: Kysely<Database>, limits: ThrottleLimits = LOGIN_THROTTLE_LIMITS): LoginThrottle {
  async function waitFor(column: 'username_key' | 'ip', value: string, limit: number, now: Date): Promise<number> {
    const since = new Date(now.getTime() - limits.windowMs).toISOString();
    const tipping = await db
      .selectFrom('login_failures')
      .select('at')
      .where(column, '=', value)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    if (!tipping) return 0;
    return Math.max(1, Math.ceil((Date.parse(tipping.at) + limits.windowMs - now.getTime()) / 1000));
  }

  return {
    async retryAfter(usernameKey, ip, now) {
      const [byName, byAddress] = await Promise.all([waitFor('username_key', usernameKey, limits.perName, now), waitFor('ip', ip, limits.perAddress, now)]);
      return Math.max(byName, byAddress);
    },

    async recordFailure(usernameKey, ip, now) {
      await db.insertInto('login_failures').values({ username_key: usernameKey, ip, at: now.toISOString() }).execute();
      // Rows older than the window count for nothing; dropping them here keeps the table small.
      await db
        .deleteFrom('login_failures')
        .where('at', '<', new Date(now.getTime() - limits.windowMs).toISOString())
        .execute();
    },

    async clearName(usernameKey) {
      await db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
    },
  };
}
