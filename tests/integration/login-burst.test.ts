import { describe, expect, it } from 'vitest';
import { createUser, GOOD_PASSWORD, passwordLogin } from '../helpers/accounts.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp } from '../helpers/test-app.ts';

/**
 * Issue 29: 100 simultaneous logins for one name from one address let ~98 passwords be tried, because the
 * throttle was checked before the slow hash and the failure written after it. Two instances share one database
 * (on PostgreSQL two pools, as two processes), half the burst going to each.
 */
for (const database of testDatabases()) {
  describe(`a burst of logins on ${database.name}`, () => {
    it('lets at most five of 100 parallel logins for one name check a password, even with the right one late', async () => {
      const shared = await database.take();
      const first = await startTestApp({ sharedDatabase: shared });
      const second = await startTestApp({ sharedDatabase: shared });
      try {
        await createUser(first.app, first.auth, 'burst-target');
        const address = '10.99.0.1';
        const guesses = Array.from({ length: 100 }, (_, i) => (i === 97 ? GOOD_PASSWORD : `wrong-guess-${i}x`));
        const answers = await Promise.all(guesses.map((guess, i) => passwordLogin(i % 2 ? first.app : second.app, 'burst-target', guess, address)));
        const statuses = answers.map((answer) => answer.statusCode);
        expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
        expect(statuses[97]).toBe(429);
        const throttled = answers.find((answer) => answer.statusCode === 429)!;
        expect(throttled.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
        expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await Promise.all([first.close(), second.close()]);
        await shared.giveBack();
      }
    }, 60_000);
  });
}
