import { type Kysely, SqliteAdapter } from 'kysely';

/** Which SQL dialect a Kysely instance (or transaction) speaks, for the few statements that differ. */
export const isSqlite = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * A table's columns on SQLite, [] on PostgreSQL. SQLite's down steps leave added columns in place (its DROP COLUMN
 * re-checks every trigger in the schema and trips over 008's count triggers), so an up after them asks first.
 */
export const sqliteColumnsOf = async (db: Kysely<unknown>, table: string): Promise<string[]> =>
  isSqlite(db) ? ((await db.introspection.getTables()).find((t) => t.name === table)?.columns ?? []).map((c) => c.name) : [];
