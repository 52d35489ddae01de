import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { WAL_SIZE_LIMIT_BYTES } from '../../src/adapters/persistence/sqlite-checkpointer.ts';

const freshFile = (): string => path.join(mkdtempSync(path.join(tmpdir(), 'lws-checkpoint-')), 'listing.db');

/** Rows of `table` in the database file alone, as a copy without its WAL reads it. */
function rowsInFileAlone(file: string, table: string): number {
  const copy = `${file}.copy`;
  copyFileSync(file, copy);
  const reader = new BetterSqlite3(copy, { readonly: true });
  try {
    return (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } catch {
    return 0; // the table itself is still only in the WAL
  } finally {
    reader.close();
  }
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

// sqlite-checkpointer.ts: the connection the service writes through never checkpoints inside a COMMIT; a thread
// of its own copies the committed pages into the database file.
describe('SQLite checkpoints off the event loop', () => {
  it('leaves checkpointing to its thread, which brings committed rows into the database file', { timeout: 30_000 }, async () => {
    const file = freshFile();
    const handle = await openDatabase(`sqlite://${file}`);
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
      expect(rows[0]!.wal_autocheckpoint).toBe(0);
      await sql`create table filler (id integer primary key, text text not null)`.execute(handle.db);
      for (let n = 0; n < 50; n += 1) await sql`insert into filler (text) values (${'x'.repeat(4_000)})`.execute(handle.db);
      await eventually(() => rowsInFileAlone(file, 'filler') === 50, 'the rows to reach the database file');
    } finally {
      await handle.close();
    }
  });

  it('closes its thread before the connection, so the last close checkpoints everything and removes the WAL', async () => {
    const file = freshFile();
    const handle = await openDatabase(`sqlite://${file}`);
    await handle.migrate();
    expect(existsSync(`${file}-wal`)).toBe(true);
    await handle.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(rowsInFileAlone(file, 'kysely_migration')).toBeGreaterThan(10);
  });

  it('gives the WAL file back after a burst that outgrew its limit', { timeout: 60_000 }, async () => {
    const file = freshFile();
    const handle = await openDatabase(`sqlite://${file}`);
    const walBytes = () => statSync(`${file}-wal`).size;
    try {
      await sql`create table filler (id integer primary key, text text not null)`.execute(handle.db);
      // A reader holding its snapshot keeps the checkpoint from finishing, as a sustained load does: the WAL grows.
      const reader = new BetterSqlite3(file, { readonly: true });
      reader.exec('begin');
      reader.prepare('select count(*) from filler').get();
      const row = 'x'.repeat(64 * 1024);
      for (let n = 0; walBytes() <= WAL_SIZE_LIMIT_BYTES + 8 * 1024 * 1024; n += 1) {
        await sql`insert into filler (text) values (${row + n})`.execute(handle.db);
      }
      reader.exec('commit');
      reader.close();
      // Once the checkpoint completes, the next commit starts the WAL over and the file is cut to the limit.
      let shrunk = false;
      for (let tries = 0; tries < 200 && !shrunk; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sql`insert into filler (text) values ('after')`.execute(handle.db);
        shrunk = walBytes() <= WAL_SIZE_LIMIT_BYTES;
      }
      expect(shrunk).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
