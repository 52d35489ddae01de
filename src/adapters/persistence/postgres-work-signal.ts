import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type WorkSignal } from '../../application/ports/work-signal.ts';
import { type Database } from './database.ts';

/** One channel for every kind of work: a nudge makes each worker look once, which is cheap. */
const CHANNEL = 'lws_work_released';

/**
 * PostgreSQL LISTEN/NOTIFY: an instance that stops gracefully announces the leases it handed back, and the others'
 * workers look at once (a poll could be seconds away). Listening holds one connection of its own, outside the pool;
 * if it breaks, the workers' polls still find the work, only later.
 */
export function makePostgresWorkSignal(db: Kysely<Database>, url: string, onError: (error: unknown) => void): WorkSignal {
  let client: pg.Client | undefined;
  return {
    async announce() {
      await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
    },
    async listen(listener) {
      client = new pg.Client({ connectionString: url });
      client.on('error', onError);
      client.on('notification', () => listener());
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    },
    async close() {
      await client?.end().catch(onError);
      client = undefined;
    },
  };
}

/** SQLite is one process: no other instance to tell. */
export const noWorkSignal: WorkSignal = { announce: async () => undefined, listen: async () => undefined, close: async () => undefined };
