import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { type Database } from './database.ts';
import { migrationProvider } from './migrations/index.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { registerSearchFunctions } from './search-index.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

export type DatabaseHandle = {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Runs pending migrations; throws with the failing migration's name. */
  migrate(): Promise<void>;
  /** Closes every connection. */
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL only: a schema to create and use (tests give each run its own). */
  readonly schema?: string;
};

// PostgreSQL returns int8 (bigint, count(*)) as strings; our ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** The file a `sqlite://…` URL names (`:memory:` for none). */
export function sqliteFile(url: string): string {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:' || file === '') return ':memory:';
  return path.resolve(file);
}

/**
 * The database holds shop keys (sealed), password hashes and every product: it is created 0600 in a folder created
 * 0700, before SQLite opens it, because SQLite gives its -wal and -shm files the database file's mode. A file made
 * earlier with a wider mode is narrowed at open.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(companion).mode & 0o077) !== 0) chmodSync(companion, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

type Opened = { readonly db: Kysely<Database>; readonly beforeClose?: () => Promise<void> };

function openSqlite(url: string): Opened {
  const file = sqliteFile(url);
  if (file !== ':memory:') createPrivately(file);
  const connection = new BetterSqlite3(file, { timeout: 5_000 });
  connection.pragma('journal_mode = WAL');
  // NORMAL keeps every commit across process crashes (kill -9); only an OS crash can drop the last ones.
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  registerSearchFunctions(connection);
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(connection, file);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) }), beforeClose: checkpointer?.stop };
}

/**
 * The service's queries are short: JIT compiling (~5 ms) and starting parallel workers (~3 ms on 2 cores) cost
 * more than they saved, measured on the 100 000-product search counts (a 1 ms count took 15 ms in parallel).
 */
const SESSION_SETTINGS = ['jit=off', 'max_parallel_workers_per_gather=0'];

function openPostgres(url: string, schema: string | undefined): Kysely<Database> {
  const settings = [...SESSION_SETTINGS, ...(schema ? [`search_path=${schema}`] : [])];
  const pool = new pg.Pool({ connectionString: url, max: 10, options: settings.map((setting) => `-c ${setting}`).join(' ') });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the database named by a `sqlite://…` or `postgres://…` URL. */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const dialect: Dialect = /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
  if (dialect === 'sqlite' && !url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite:// or postgres://`);
  if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
  if (dialect === 'postgres' && options.schema) {
    const bootstrap = openPostgres(url, undefined);
    await sql`create schema if not exists ${sql.id(options.schema)}`.execute(bootstrap);
    await bootstrap.destroy();
  }
  const { db, beforeClose } = dialect === 'sqlite' ? openSqlite(url) : { db: openPostgres(url, options.schema), beforeClose: undefined };
  return {
    db,
    dialect,
    async migrate() {
      // Naming the schema keeps Kysely from mistaking another schema's migration tables for ours (parallel test runs).
      const migrationTableSchema = dialect === 'postgres' && options.schema ? { migrationTableSchema: options.schema } : {};
      // Unordered: feature migrations are numbered when planned and may land out of order (015 before 013), and a
      // database that already ran a later one must still take an earlier one that arrives after it.
      const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, ...migrationTableSchema });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === 'Error');
      if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    },
    async close() {
      await beforeClose?.();
      await db.destroy();
    },
  };
}
