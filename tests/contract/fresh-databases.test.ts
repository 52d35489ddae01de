import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { testDatabases } from '../helpers/databases.ts';

/**
 * The suites' databases are copies of a migrated template (SQLite) or schemas emptied for reuse (PostgreSQL):
 * fresh-databases.ts. A database handed out after another test wrote into one must hold what a fresh one holds.
 */
async function contents(db: Kysely<Database>, dialect: string): Promise<Record<string, unknown>> {
  const tables =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)).rows
      : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db)).rows;
  const seen: Record<string, unknown> = {};
  for (const { name } of tables) seen[name] = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
  if (dialect === 'postgres') {
    const sequences = (await sql<{ name: string }>`select sequencename as name from pg_sequences where schemaname = current_schema()`.execute(db)).rows;
    for (const { name } of sequences) seen[`sequence ${name}`] = (await sql`select last_value, is_called from ${sql.table(name)}`.execute(db)).rows;
  } else {
    seen.sqlite_sequence = (await sql`select * from sqlite_master where name = 'sqlite_sequence'`.execute(db)).rows;
  }
  // Migration rows carry the time they ran: the template's, the same for every copy; only their names matter here.
  seen.kysely_migration = (seen.kysely_migration as { name: string }[]).map((row) => row.name);
  return seen;
}

describe.each(testDatabases())('a fresh database on $name', (database) => {
  it('holds the same after another test wrote products (triggers, counters, sequences) into the one before it', async () => {
    const first = await database.open();
    const fresh = await contents(first.db, first.dialect);
    expect(Object.keys(fresh).length).toBeGreaterThan(10);
    const repo = makeKyselyProductRepository(first.db);
    for (let i = 1; i <= 3; i += 1) {
      await repo.insert(
        newProduct({ id: `00000000-0000-4000-8000-00000000000${i}`, stage: 'editing', source_platform: '1688', name: `кружка ${i}` }, new Date().toISOString()),
      );
    }
    expect(await contents(first.db, first.dialect)).not.toEqual(fresh);
    const schemaOf = async (db: Kysely<Database>) =>
      database.name === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : '';
    const firstSchema = await schemaOf(first.db);
    await first.dispose();

    const second = await database.open();
    try {
      // On PostgreSQL the same schema comes back, emptied.
      expect(await schemaOf(second.db)).toBe(firstSchema);
      expect(await contents(second.db, second.dialect)).toEqual(fresh);
    } finally {
      await second.dispose();
    }
  });
});
