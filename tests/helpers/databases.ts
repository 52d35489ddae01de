import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { freshSqliteUrl as migratedSqliteUrl, giveBackSchema, noteBaseline, takeSchema } from './fresh-databases.ts';

/** One database a suite runs against. `open` gives a fresh, migrated database that sees no other run's rows. */
export type TestDatabase = {
  readonly name: 'sqlite' | 'postgres';
  /** The DATABASE_URL and schema for a fresh, empty database (for building whole apps). */
  fresh(): { url: string; schema?: string };
  /** A fresh, migrated database for whole apps (faster than `fresh`); `giveBack` once every connection is closed. */
  take(): Promise<TakenDatabase>;
  open(): Promise<TestDatabaseHandle>;
};

export type TakenDatabase = { readonly url: string; readonly schema?: string; giveBack(): Promise<void> };

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
  take: async () => ({ url: await migratedSqliteUrl(), giveBack: async () => {} }),
  async open() {
    const handle = await openDatabase(await migratedSqliteUrl());
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  },
};

/** Empties a schema for reuse, or drops it (fresh-databases.ts); `db` is on that schema, closed by the caller. */
const giveBack = (url: string, schema: string, db: Kysely<Database>) =>
  giveBackSchema(url, schema, db as unknown as Kysely<unknown>, () => dropSchema(url, schema));

/** Gives back a schema whose connections are all closed. */
async function release(url: string, schema: string): Promise<void> {
  const handle = await openDatabase(url, { schema });
  try {
    await giveBack(url, schema, handle.db);
  } finally {
    await handle.close();
  }
}

function postgres(url: string): TestDatabase {
  /** A fresh (or emptied) schema, migrated. */
  const openSchema = async (): Promise<{ schema: string; handle: DatabaseHandle }> => {
    const schema = takeSchema(url, freshSchema);
    const handle = await openDatabase(url, { schema });
    await handle.migrate();
    await noteBaseline(url, handle);
    return { schema, handle };
  };
  return {
    name: 'postgres',
    fresh: () => ({ url, schema: freshSchema() }),
    async take() {
      const { schema, handle } = await openSchema();
      await handle.close();
      return { url, schema, giveBack: () => release(url, schema) };
    },
    async open() {
      const { schema, handle } = await openSchema();
      return {
        ...handle,
        async dispose() {
          try {
            await giveBack(url, schema, handle.db);
          } finally {
            await handle.close();
          }
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
  const taken = await database.take();
  const options = taken.schema ? { schema: taken.schema } : {};
  const first = await openDatabase(taken.url, options);
  await first.migrate();
  const second = await openDatabase(taken.url, options);
  return {
    first,
    second,
    async dispose() {
      await Promise.all([first.close(), second.close()]);
      await taken.giveBack();
    },
  };
}

export { dropSchema };
