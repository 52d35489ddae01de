import { type Kysely, SqliteAdapter } from 'kysely';

/** Which SQL dialect a Kysely instance (or transaction) speaks, for the few statements that differ. */
export const isSqlite = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;
