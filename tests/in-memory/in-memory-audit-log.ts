import { type AuditEntry, type AuditLog } from '../../src/application/ports/audit-log.ts';
import { type Clock } from '../../src/application/ports/clock.ts';
import { copy } from './catalog-state.ts';

const MAX_FIELD = 200;
const clip = (text: string): string => text.slice(0, MAX_FIELD);

/**
 * The AuditLog in memory; passes tests/contract/audit-log.test.ts. Like the table, it numbers entries from 1 and
 * writes `system` for an event without an actor.
 */
export function makeInMemoryAuditLog(clock: Clock): AuditLog {
  const entries: AuditEntry[] = [];
  return {
    async record(event) {
      entries.push({
        id: entries.length + 1,
        at: clock.now().toISOString(),
        actor: clip(event.actor ?? 'system'),
        action: event.action,
        target: event.target ? clip(event.target) : null,
        ip: event.ip ?? null,
      });
    },
    async list(page, pageSize) {
      const newestFirst = [...entries].reverse();
      return { total: entries.length, items: copy(newestFirst.slice((page - 1) * pageSize, page * pageSize)) };
    },
  };
}
