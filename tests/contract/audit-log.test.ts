import { describe, expect, it } from 'vitest';
import { makeKyselyAuditLog } from '../../src/adapters/persistence/kysely-audit-log.ts';
import { type AuditLog } from '../../src/application/ports/audit-log.ts';
import { type Clock } from '../../src/application/ports/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { makeInMemoryAuditLog } from '../in-memory/in-memory-audit-log.ts';
import { at } from './catalog-fixtures.ts';

/** Each adapter on a clock that moves one minute per reading. */
type Adapter = { name: string; open(clock: Clock): Promise<{ log: AuditLog; dispose(): Promise<void> }> };
const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open(clock: Clock) {
      const handle = await database.open();
      return { log: makeKyselyAuditLog(handle.db, clock), dispose: () => handle.dispose() };
    },
  })),
  { name: 'in-memory', open: async (clock: Clock) => ({ log: makeInMemoryAuditLog(clock), dispose: async () => undefined }) },
];

const tickingClock = (): Clock => {
  let minute = 0;
  return { now: () => new Date(at((minute += 1))) };
};

describe.each(adapters)('AuditLog on $name', (adapter) => {
  it('records the time, and the actor and address of the request being served (system outside one)', async () => {
    const { log, dispose } = await adapter.open(tickingClock());
    try {
      await log.record({ action: 'shop_created', target: 'Мой магазин' });
      await log.record({ action: 'user_updated', target: 'ivan', actor: 'olya', ip: '10.0.0.7' });
      await log.record({ action: 'login_failed', target: 'ghost', actor: 'ghost', ip: '10.0.0.8' });
      const { total, items } = await log.list(1, 10);
      expect(total).toBe(3);
      expect(items.map(({ id: _id, ...entry }) => entry)).toEqual([
        { at: at(3), actor: 'ghost', action: 'login_failed', target: 'ghost', ip: '10.0.0.8' },
        { at: at(2), actor: 'olya', action: 'user_updated', target: 'ivan', ip: '10.0.0.7' },
        { at: at(1), actor: 'system', action: 'shop_created', target: 'Мой магазин', ip: null },
      ]);
      expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    } finally {
      await dispose();
    }
  });

  it('pages newest first, keeps no target as null and clips long names to 200 characters', async () => {
    const { log, dispose } = await adapter.open(tickingClock());
    try {
      await log.record({ action: 'login', actor: 'a'.repeat(300) });
      await log.record({ action: 'login', target: 'x'.repeat(300) });
      for (const target of ['s1', 's2', 's3']) await log.record({ action: 'shop_deleted', target });
      expect((await log.list(1, 2)).items.map((entry) => entry.target)).toEqual(['s3', 's2']);
      const last = await log.list(3, 2);
      expect(last.total).toBe(5);
      expect(last.items).toMatchObject([{ actor: 'a'.repeat(200), target: null }]);
      expect((await log.list(2, 2)).items[1]).toMatchObject({ actor: 'system', target: 'x'.repeat(200) });
      expect((await log.list(4, 2)).items).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
