import { type Kysely } from 'kysely';
import { type ExtLogEntry, type ExtensionStore } from '../../application/ports/extension-store.ts';
import { type ExtProfiles } from '../../domain/intake/ext-profiles.ts';
import { type JsonObject } from '../../domain/common/json.ts';
import { type Database } from './database.ts';

const PROFILES_KEY = 'ext.profiles';
const INSERT_CHUNK = 100;

/** Profiles as one JSON document in `settings`; telemetry rows in `ext_logs`. */
export function makeKyselyExtensionStore(db: Kysely<Database>): ExtensionStore {
  return {
    async profiles() {
      const row = await db.selectFrom('settings').select('value').where('key', '=', PROFILES_KEY).executeTakeFirst();
      return row ? (JSON.parse(row.value) as ExtProfiles) : undefined;
    },

    async saveProfiles(profiles) {
      const value = JSON.stringify(profiles);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('settings').where('key', '=', PROFILES_KEY).execute();
        await trx.insertInto('settings').values({ key: PROFILES_KEY, value, updated_at: profiles.updated_at }).execute();
      });
    },

    async appendLogs(entries, keep) {
      await db.transaction().execute(async (trx) => {
        // `seq` keeps counting across batches: two batches received in the same millisecond stay in arrival order.
        const last = await trx
          .selectFrom('ext_logs')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst();
        const first = Number(last?.seq ?? -1) + 1;
        for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
          const rows = entries.slice(start, start + INSERT_CHUNK).map((entry, offset) => ({
            id: entry.id,
            received_at: entry.received_at,
            seq: first + start + offset,
            event: JSON.stringify(entry.event),
          }));
          await trx.insertInto('ext_logs').values(rows).execute();
        }
        // The oldest kept row marks the cut: everything older than it goes (dialect-neutral, no LIMIT in DELETE).
        const cut = await trx
          .selectFrom('ext_logs')
          .select(['received_at', 'seq'])
          .orderBy('received_at', 'desc')
          .orderBy('seq', 'desc')
          .offset(keep - 1)
          .limit(1)
          .executeTakeFirst();
        if (cut) {
          await trx
            .deleteFrom('ext_logs')
            .where((eb) => eb.or([eb('received_at', '<', cut.received_at), eb.and([eb('received_at', '=', cut.received_at), eb('seq', '<', cut.seq)])]))
            .execute();
        }
      });
    },

    async listLogs(page, pageSize) {
      const [count, rows] = await Promise.all([
        db
          .selectFrom('ext_logs')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('ext_logs')
          .selectAll()
          .orderBy('received_at', 'desc')
          .orderBy('seq', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const items: ExtLogEntry[] = rows.map((row) => ({ id: row.id, received_at: row.received_at, event: JSON.parse(row.event) as JsonObject }));
      return { total: Number(count.total), items };
    },
  };
}
