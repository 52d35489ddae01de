import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeKyselyUserRepository } from '../../src/adapters/persistence/kysely-user-repository.ts';
import { type NewUser } from '../../src/application/ports/user-repository.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';

const admin = (username: string): NewUser => ({
  id: randomUUID(),
  username,
  display_name: '',
  role: 'admin',
  disabled: false,
  token_version: 1,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
});

for (const database of testDatabases()) {
  describe(`user repository on ${database.name}`, () => {
    it('keeps names unique regardless of case and NFKC width', async () => {
      const { first, dispose } = await openTwice(database);
      try {
        const users = makeKyselyUserRepository(first.db);
        expect(await users.insert(admin('Vera'))).toBe(true);
        expect(await users.insert(admin('ＶＥＲＡ'))).toBe(false);
        expect(await users.count()).toBe(1);
      } finally {
        await dispose();
      }
    });

    it('never takes the last enabled admin away, even when two connections demote two admins at once', async () => {
      const { first, second, dispose } = await openTwice(database);
      try {
        const one = makeKyselyUserRepository(first.db);
        const two = makeKyselyUserRepository(second.db);
        for (let round = 0; round < 5; round++) {
          const a = admin(`a-${round}`);
          const b = admin(`b-${round}`);
          await one.insert(a);
          await one.insert(b);
          const outcomes = await Promise.all([one.changeKeepingAnAdmin(a.id, { role: 'operator' }), two.changeKeepingAnAdmin(b.id, { disabled: true })]);
          expect(outcomes.filter(Boolean)).toHaveLength(1);
          const left = (await one.list(100)).filter((user) => user.role === 'admin' && !user.disabled);
          expect(left).toHaveLength(1);
          // The survivor is the last one: it cannot be deleted.
          expect(await two.changeKeepingAnAdmin(left[0]!.id, 'delete')).toBe(false);
          // Clear the round so the next starts from no admin.
          for (const user of await one.list(100)) await one.delete(user.id);
        }
      } finally {
        await dispose();
      }
    });
  });
}
