import { type Kysely, sql } from 'kysely';
import { type LoginThrottle } from '../../application/ports/login-throttle.ts';
import { type ThrottleLimits } from '../../domain/accounts/login-throttle.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';

type Executor = Kysely<Database>;

/** Inserts the attempt only while both counts are under their limits, in the one statement; answers its id. */
async function insertIfUnder(db: Executor, key: string, ip: string, now: Date, limits: ThrottleLimits): Promise<number | undefined> {
  const since = new Date(now.getTime() - limits.windowMs).toISOString();
  const { rows } = await sql<{ id: number }>`
    insert into login_failures (username_key, ip, at)
    select ${key}, ${ip}, ${now.toISOString()}
    where (select count(*) from login_failures where username_key = ${key} and at > ${since}) < ${limits.perName}
      and (select count(*) from login_failures where ip = ${ip} and at > ${since}) < ${limits.perAddress}
    returning id`.execute(db);
  return rows[0]?.id;
}

/**
 * Password attempts as rows in `login_failures`, so every instance counts the same ones and a restart forgets
 * none. The limits come from the caller (the rule is the application's); this adapter only stores and counts.
 */
export function makeKyselyLoginThrottle(db: Kysely<Database>): LoginThrottle {
  // SQLite takes its write lock when a writing statement starts, so the counts and the insert are one atomic
  // step across connections. PostgreSQL (read committed) would let two transactions count the same rows: each
  // reservation first takes transaction-scoped advisory locks on its name and its address (always in that order,
  // in two lock spaces, so two reservations never wait on each other in a cycle).
  const reserveAtomically = (key: string, ip: string, now: Date, limits: ThrottleLimits): Promise<number | undefined> =>
    isSqlite(db as Kysely<unknown>)
      ? insertIfUnder(db, key, ip, now, limits)
      : db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(1836, hashtext(${key}))`.execute(trx);
          await sql`select pg_advisory_xact_lock(1837, hashtext(${ip}))`.execute(trx);
          return insertIfUnder(trx, key, ip, now, limits);
        });

  /** The failure that filled a limit: the limit-th newest in the window, if the limit is full. */
  async function tipping(column: 'username_key' | 'ip', value: string, limit: number, since: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('login_failures')
      .select('at')
      .where(column, '=', value)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    return row?.at;
  }

  return {
    async reserve(usernameKey, ip, now, limits) {
      const id = await reserveAtomically(usernameKey, ip, now, limits);
      // Rows older than the window count for nothing; dropping them here keeps the table small.
      await db
        .deleteFrom('login_failures')
        .where('at', '<', new Date(now.getTime() - limits.windowMs).toISOString())
        .execute();
      if (id !== undefined) return { granted: true, attempt: { id } };
      const since = new Date(now.getTime() - limits.windowMs).toISOString();
      const [byName, byAddress] = await Promise.all([tipping('username_key', usernameKey, limits.perName, since), tipping('ip', ip, limits.perAddress, since)]);
      // A success elsewhere may have freed the name meanwhile: then the latest moment there is "now".
      const latest = [byName, byAddress]
        .filter((at): at is string => at !== undefined)
        .sort()
        .at(-1);
      return { granted: false, tippingAt: latest ? new Date(latest) : new Date(now.getTime() - limits.windowMs) };
    },

    async succeeded(attempt) {
      const row = await db.selectFrom('login_failures').select('username_key').where('id', '=', attempt.id).executeTakeFirst();
      if (!row) return;
      await db.deleteFrom('login_failures').where('username_key', '=', row.username_key).where('id', '<=', attempt.id).execute();
    },
  };
}
