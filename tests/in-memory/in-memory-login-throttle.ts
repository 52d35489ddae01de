import { type LoginThrottle } from '../../src/application/ports/login-throttle.ts';

type Attempt = { readonly id: number; readonly usernameKey: string; readonly ip: string; readonly at: number };

/** The login_failures table of one in-memory database; each `makeInMemoryLoginThrottle(table)` is a connection to it. */
export type FailureTable = { nextId: number; readonly rows: Attempt[] };

export const emptyFailureTable = (): FailureTable => ({ nextId: 1, rows: [] });

/**
 * The LoginThrottle in memory; passes tests/contract/login-throttle.test.ts. Each reservation counts and inserts
 * without an await in between, which is what makes it atomic here (the database adapter needs locks for it).
 */
export function makeInMemoryLoginThrottle(table: FailureTable = emptyFailureTable()): LoginThrottle {
  return {
    async reserve(usernameKey, ip, now, limits) {
      const since = now.getTime() - limits.windowMs;
      for (let i = table.rows.length - 1; i >= 0; i--) if (table.rows[i]!.at < since) table.rows.splice(i, 1);
      const newestFirst = (matches: (attempt: Attempt) => boolean): Attempt[] =>
        table.rows.filter((attempt) => matches(attempt) && attempt.at > since).sort((a, b) => b.at - a.at);
      const byName = newestFirst((attempt) => attempt.usernameKey === usernameKey);
      const byAddress = newestFirst((attempt) => attempt.ip === ip);
      const tipping = [byName[limits.perName - 1]?.at, byAddress[limits.perAddress - 1]?.at].filter((at): at is number => at !== undefined);
      if (tipping.length > 0) return { granted: false, tippingAt: new Date(Math.max(...tipping)) };
      const attempt = { id: table.nextId++, usernameKey, ip, at: now.getTime() };
      table.rows.push(attempt);
      return { granted: true, attempt: { id: attempt.id } };
    },
    async succeeded({ id }) {
      const mine = table.rows.find((attempt) => attempt.id === id);
      if (!mine) return;
      for (let i = table.rows.length - 1; i >= 0; i--) {
        const attempt = table.rows[i]!;
        if (attempt.usernameKey === mine.usernameKey && attempt.id <= id) table.rows.splice(i, 1);
      }
    },
  };
}
