import BetterSqlite3 from 'better-sqlite3';

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API (never a file copy: the file
 * alone misses what the WAL holds, and a copy taken while pages change is torn). All pages are copied in one
 * step — one read transaction, so the copy is the database as of one commit; in WAL mode the service's writers
 * go on meanwhile. A copy made in smaller steps restarts whenever another process writes, and might never end.
 */
export async function backupSqlite(source: string, destination: string): Promise<{ pages: number }> {
  const db = new BetterSqlite3(source, { fileMustExist: true, timeout: 5_000 });
  try {
    const { totalPages } = await db.backup(destination, { progress: ({ totalPages: total }) => Math.max(total, 1) * 2 });
    return { pages: totalPages };
  } finally {
    db.close();
  }
}

export type SqliteCheck = {
  /** `PRAGMA integrity_check`'s lines: `['ok']` when the file is sound. */
  readonly integrity: readonly string[];
  /** Rows whose foreign key points at nothing. */
  readonly foreignKeyProblems: number;
  readonly counts: { readonly products: number; readonly assets: number };
  /** `stored_url` of every stored asset: where its file is. */
  readonly storedUrls: readonly string[];
};

/** Reads a restored database without changing it: its integrity, its foreign keys, and where its images are. */
export function checkSqlite(file: string): SqliteCheck {
  // Not readonly: a WAL database opened read-only needs its -shm file, which a restored copy does not have yet.
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const count = (table: string): number => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      integrity: (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check),
      foreignKeyProblems: (db.pragma('foreign_key_check') as unknown[]).length,
      counts: { products: count('products'), assets: count('assets') },
      storedUrls: (db.prepare(`select stored_url from assets where status = 'stored' and stored_url <> ''`).all() as { stored_url: string }[]).map(
        (row) => row.stored_url,
      ),
    };
  } finally {
    db.close();
  }
}
