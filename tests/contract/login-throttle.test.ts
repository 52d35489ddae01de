import { describe, expect, it } from 'vitest';
import { makeKyselyAuditLog } from '../../src/adapters/persistence/kysely-audit-log.ts';
import { makeKyselyLoginThrottle } from '../../src/adapters/persistence/kysely-login-throttle.ts';
import { type LoginAttempt, type LoginThrottle, type Reservation } from '../../src/application/ports/login-throttle.ts';
import { LOGIN_THROTTLE_LIMITS, retryAfterSeconds } from '../../src/domain/accounts/login-throttle.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { emptyFailureTable, makeInMemoryLoginThrottle } from '../in-memory/in-memory-login-throttle.ts';

const at = (minutes: number): Date => new Date(Date.UTC(2026, 10, 24, 12, 0, 0) + minutes * 60_000);

/** Two throttles on one fresh database (two pools, as two processes). */
type ThrottleAdapter = { name: string; open(): Promise<{ here: LoginThrottle; there: LoginThrottle; dispose(): Promise<void> }> };
const throttles: ThrottleAdapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      return { here: makeKyselyLoginThrottle(first.db), there: makeKyselyLoginThrottle(second.db), dispose };
    },
  })),
  {
    name: 'in-memory',
    async open() {
      const table = emptyFailureTable();
      return { here: makeInMemoryLoginThrottle(table), there: makeInMemoryLoginThrottle(table), dispose: async () => undefined };
    },
  },
];

describe.each(throttles)('LoginThrottle on $name', (adapter) => {
  const reserve = (throttle: LoginThrottle, name: string, ip: string, now: Date) => throttle.reserve(name, ip, now, LOGIN_THROTTLE_LIMITS);
  /** What a refused reservation makes the caller wait, in seconds; 0 when it was granted. */
  const waitOf = async (throttle: LoginThrottle, name: string, ip: string, now: Date): Promise<number> => {
    const reservation = await reserve(throttle, name, ip, now);
    return reservation.granted ? 0 : retryAfterSeconds(reservation.tippingAt, LOGIN_THROTTLE_LIMITS, now);
  };
  const granted = async (reservation: Promise<Reservation>): Promise<LoginAttempt> => {
    const outcome = await reservation;
    if (!outcome.granted) throw new Error('expected the attempt to be granted');
    return outcome.attempt;
  };

  it('shares attempts between connections and lifts the lock when the tipping attempt leaves the window', async () => {
    const { here, there, dispose } = await adapter.open();
    try {
      for (let i = 0; i < 5; i++) await granted(reserve(here, 'olya', '10.0.0.1', at(i)));
      // Five failures at minutes 0–4: locked until the first leaves the window, at minute 15.
      expect(await waitOf(there, 'olya', '10.0.0.9', at(5))).toBe(10 * 60);
      expect(await waitOf(there, 'OTHER', '10.0.0.9', at(5))).toBe(0);
      const success = await granted(reserve(there, 'olya', '10.0.0.9', at(15)));
      await there.succeeded(success);
      expect(await waitOf(here, 'olya', '10.0.0.9', at(5))).toBe(0);

      for (let i = 0; i < 50; i++) await granted(reserve(here, `name-${i}`, '10.0.0.2', at(20)));
      expect(await waitOf(there, 'someone', '10.0.0.2', at(21))).toBe(14 * 60);
      expect(await waitOf(there, 'someone', '10.0.0.3', at(21))).toBe(0);
    } finally {
      await dispose();
    }
  });

  it('grants a burst of 100 reservations over two connections at most the limit, per name and per address', async () => {
    const { here, there, dispose } = await adapter.open();
    try {
      const burst = (name: (i: number) => string, ip: (i: number) => string) =>
        Promise.all(Array.from({ length: 100 }, (_, i) => reserve(i % 2 ? here : there, name(i), ip(i), at(0))));
      const oneName = await burst(
        () => 'vera',
        (i) => `10.1.0.${i}`,
      );
      expect(oneName.filter((reservation) => reservation.granted)).toHaveLength(5);
      const oneAddress = await burst(
        (i) => `name-${i}`,
        () => '10.2.0.1',
      );
      expect(oneAddress.filter((reservation) => reservation.granted)).toHaveLength(50);
    } finally {
      await dispose();
    }
  });

  it('forgets a success and the failures before it, but keeps attempts reserved after it counted', async () => {
    const { here, there, dispose } = await adapter.open();
    try {
      for (let i = 0; i < 2; i++) await granted(reserve(here, 'lev', '10.0.0.1', at(0)));
      const success = await granted(reserve(here, 'lev', '10.0.0.1', at(1)));
      for (let i = 0; i < 2; i++) await granted(reserve(there, 'lev', '10.0.0.1', at(2)));
      await there.succeeded(success);
      // The two later attempts still count: three more may run, the fourth is refused.
      for (let i = 0; i < 3; i++) await granted(reserve(here, 'lev', '10.0.0.1', at(3)));
      expect(await waitOf(there, 'lev', '10.0.0.1', at(3))).toBe(14 * 60);
    } finally {
      await dispose();
    }
  });
});

for (const database of testDatabases()) {
  describe(`audit log on ${database.name}`, () => {
    it('pages the audit log newest first', async () => {
      const { first, dispose } = await openTwice(database);
      try {
        let minute = 0;
        const log = makeKyselyAuditLog(first.db, { now: () => at(minute++) });
        for (const action of ['user_created', 'login', 'login_failed'] as const) await log.record({ action, actor: 'olya', target: 'olya' });
        const page = await log.list(1, 2);
        expect(page.total).toBe(3);
        expect(page.items.map((item) => item.action)).toEqual(['login_failed', 'login']);
        expect((await log.list(2, 2)).items).toMatchObject([{ action: 'user_created', actor: 'olya', ip: null, at: at(0).toISOString() }]);
      } finally {
        await dispose();
      }
    });
  });
}
