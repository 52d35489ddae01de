import { describe, expect, it } from 'vitest';
import { makeKyselyAuditLog } from '../../src/adapters/persistence/kysely-audit-log.ts';
import { makeKyselyLoginThrottle } from '../../src/adapters/persistence/kysely-login-throttle.ts';
import { type LoginThrottle } from '../../src/application/ports/login-throttle.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { type FailureTable, makeInMemoryLoginThrottle } from '../in-memory/in-memory-login-throttle.ts';

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
      const table: FailureTable = [];
      return { here: makeInMemoryLoginThrottle(table), there: makeInMemoryLoginThrottle(table), dispose: async () => undefined };
    },
  },
];

describe.each(throttles)('LoginThrottle on $name', (adapter) => {
  it('shares failures between connections and lifts the lock when the tipping failure leaves the window', async () => {
    const { here, there, dispose } = await adapter.open();
    try {
      for (let i = 0; i < 5; i++) await here.recordFailure('olya', '10.0.0.1', at(i));
      // Five failures at minutes 0–4: locked until the first leaves the window, at minute 15.
      expect(await there.retryAfter('olya', '10.0.0.9', at(5))).toBe(10 * 60);
      expect(await there.retryAfter('OTHER', '10.0.0.9', at(5))).toBe(0);
      expect(await there.retryAfter('olya', '10.0.0.9', at(15))).toBe(0);
      await there.clearName('olya');
      expect(await here.retryAfter('olya', '10.0.0.9', at(5))).toBe(0);

      for (let i = 0; i < 50; i++) await here.recordFailure(`name-${i}`, '10.0.0.2', at(20));
      expect(await there.retryAfter('someone', '10.0.0.2', at(21))).toBe(14 * 60);
      expect(await there.retryAfter('someone', '10.0.0.3', at(21))).toBe(0);
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
