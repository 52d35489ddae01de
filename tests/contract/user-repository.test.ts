import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeKyselyUserRepository } from '../../src/adapters/persistence/kysely-user-repository.ts';
import { type NewUser } from '../../src/application/ports/user-repository.ts';
import { type UserRepository } from '../../src/application/ports/user-repository.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { makeInMemoryUserRepository, type UserTable } from '../in-memory/in-memory-user-repository.ts';

/** Two repositories on one fresh database (two pools, as two processes). */
type Adapter = { name: string; open(): Promise<{ one: UserRepository; two: UserRepository; dispose(): Promise<void> }> };
const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      return { one: makeKyselyUserRepository(first.db), two: makeKyselyUserRepository(second.db), dispose };
    },
  })),
  {
    name: 'in-memory',
    async open() {
      const table: UserTable = new Map();
      return { one: makeInMemoryUserRepository(table), two: makeInMemoryUserRepository(table), dispose: async () => undefined };
    },
  },
];

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

for (const adapter of adapters) {
  describe(`user repository on ${adapter.name}`, () => {
    it('keeps names unique regardless of case and NFKC width', async () => {
      const { one: users, dispose } = await adapter.open();
      try {
        expect(await users.insert(admin('Vera'))).toBe(true);
        expect(await users.insert(admin('ＶＥＲＡ'))).toBe(false);
        expect(await users.count()).toBe(1);
      } finally {
        await dispose();
      }
    });

    it('never takes the last enabled admin away, even when two connections demote two admins at once', async () => {
      const { one, two, dispose } = await adapter.open();
      try {
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
