import { describe, expect, it } from 'vitest';
import { makeKyselyAuditLog } from '../../src/adapters/persistence/kysely-audit-log.ts';
import { makeKyselyLoginThrottle } from '../../src/adapters/persistence/kysely-login-throttle.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';

const at = (minutes: number): Date => new Date(Date.UTC(2026, 10, 24, 12, 0, 0) + minutes * 60_000);

for (const database of testDatabases()) {
  describe(`login throttle and audit log on ${database.name}`, () => {
    it('shares failures between connections and lifts the lock when the tipping failure leaves the window', async () => {
      const { first, second, dispose } = await openTwice(database);
      try {
        const here = makeKyselyLoginThrottle(first.db);
        const there = makeKyselyLoginThrottle(second.db);
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
