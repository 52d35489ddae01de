import { describe, expect, it } from 'vitest';
import { makeListAudit } from '../../../src/application/use-cases/list-audit.ts';
import { makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryAuditLog } from '../../in-memory/in-memory-audit-log.ts';

describe('list audit', () => {
  it('pages the audit log newest first, with who acted, from where and when', async () => {
    const clock = makeTestClock();
    const audit = makeInMemoryAuditLog(clock);
    for (const target of ['shop-1', 'shop-2', 'shop-3']) {
      await audit.record({ action: 'shop_created', target, actor: 'olya', ip: '10.0.0.7' });
      clock.advance(60_000);
    }
    const listAudit = makeListAudit({ audit });
    const first = await listAudit({ page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map(({ id: _id, ...entry }) => entry)).toEqual([
      { at: '2026-11-25T10:02:00.000Z', actor: 'olya', action: 'shop_created', target: 'shop-3', ip: '10.0.0.7' },
      { at: '2026-11-25T10:01:00.000Z', actor: 'olya', action: 'shop_created', target: 'shop-2', ip: '10.0.0.7' },
    ]);
    expect(await listAudit({ page: 2, pageSize: 2 })).toMatchObject({ total: 3, items: [{ target: 'shop-1' }] });
    expect((await listAudit({ page: 3, pageSize: 2 })).items).toEqual([]);
  });
});
