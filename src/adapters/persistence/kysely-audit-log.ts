import { type Kysely } from 'kysely';
import { type AuditAction, type AuditLog } from '../../application/ports/audit-log.ts';
import { type Clock } from '../../application/ports/clock.ts';
import { type Database } from './database.ts';

/** Longest target or actor kept: they are names and ids, never free text from a body. */
const MAX_FIELD = 200;
const clip = (text: string): string => (text.length > MAX_FIELD ? text.slice(0, MAX_FIELD) : text);

/** The audit log in SQLite or PostgreSQL. An event without an actor is `system`'s (work no request started). */
export function makeKyselyAuditLog(db: Kysely<Database>, clock: Clock): AuditLog {
  return {
    async record(event) {
      await db
        .insertInto('audit_log')
        .values({
          at: clock.now().toISOString(),
          actor: clip(event.actor ?? 'system'),
          action: event.action,
          target: event.target ? clip(event.target) : null,
          ip: event.ip ?? null,
        })
        .execute();
    },

    async list(page, pageSize) {
      const [total, rows] = await Promise.all([
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return {
        total: Number(total.n),
        items: rows.map((row) => ({ id: Number(row.id), at: row.at, actor: row.actor, action: row.action as AuditAction, target: row.target, ip: row.ip })),
      };
    },
  };
}
