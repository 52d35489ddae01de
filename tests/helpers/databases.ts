import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';

/** One database a suite runs against. `open` gives a fresh, migrated database that sees no other run's rows. */
export type TestDatabase = {
  readonly name: 'sqlite' | 'postgres';
  /** The DATABASE_URL and schema for a fresh database (for building whole apps). */
  fresh(): { url: string; schema?: string };
  open(): Promise<TestDatabaseHandle>;
};

export type TestDatabaseHandle = DatabaseHandle & {
  /** Closes and, for PostgreSQL, drops the run's schema. */
  dispose(): Promise<void>;
};

const freshSqliteUrl = (): string => `sqlite://${path.join(mkdtempSync(path.join(tmpdir(), 'lws-db-')), 'test.db')}`;
const freshSchema = (): string => `t_${process.pid}_${randomBytes(5).toString('hex')}`;

async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = await openDatabase(url);
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  fresh: () => ({ url: freshSqliteUrl() }),
  async open() {
    const handle = await openDatabase(freshSqliteUrl());
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  },
};

function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    fresh: () => ({ url, schema: freshSchema() }),
    async open() {
      const schema = freshSchema();
      const handle = await openDatabase(url, { schema });
      await handle.migrate();
      return {
        ...handle,
        async dispose() {
          await handle.close();
          await dropSchema(url, schema);
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it and requires the server). */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqlite, postgres(url)] : [sqlite];
}

/** Two connections (pools) onto one fresh, migrated database, for tests of writers side by side. */
export async function openTwice(database: TestDatabase): Promise<{ first: DatabaseHandle; second: DatabaseHandle; dispose(): Promise<void> }> {
  const { url, schema } = database.fresh();
  const first = await openDatabase(url, schema ? { schema } : {});
  await first.migrate();
  const second = await openDatabase(url, schema ? { schema } : {});
  return {
    first,
    second,
    async dispose() {
      await Promise.all([first.close(), second.close()]);
      if (schema) await dropSchema(url, schema);
    },
  };
}

export { dropSchema };
