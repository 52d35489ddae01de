import { CompiledQuery, type Kysely } from 'kysely';
import { isSqlite } from './dialect-of.ts';

/**
 * A multi-row INSERT whose SQL text is built once per row count and dialect, then reused. Kysely rebuilds and
 * recompiles a multi-row insert on every call (about 0.25 ms for the 30 assets of one collected page, a tenth of
 * the whole request); with the text fixed, SQLite's statement cache also gets a hit. `suffix` ends each text (an
 * ON CONFLICT clause).
 */
export function makeBulkInsert<Row extends Record<string, unknown>>(table: string, columns: readonly (keyof Row & string)[], suffix = '') {
  const texts = new Map<string, string>();
  const columnList = columns.map((column) => `"${column}"`).join(', ');

  const textFor = (rowCount: number, sqlite: boolean): string => {
    const key = `${sqlite ? 'sqlite' : 'pg'}:${rowCount}`;
    let text = texts.get(key);
    if (!text) {
      let parameter = 0;
      const placeholder = (): string => (sqlite ? '?' : `$${(parameter += 1)}`);
      const tuples = Array.from({ length: rowCount }, () => `(${columns.map(placeholder).join(', ')})`);
      text = `insert into "${table}" (${columnList}) values ${tuples.join(', ')}${suffix}`;
      texts.set(key, text);
    }
    return text;
  };

  return async (db: Kysely<unknown>, rows: readonly Row[]): Promise<void> => {
    if (rows.length === 0) return;
    // Sized once: a collect's 30 assets bind 720 values, and growing the array by push reallocated it as it went.
    const parameters = new Array<unknown>(rows.length * columns.length);
    let at = 0;
    for (const row of rows) for (const column of columns) parameters[at++] = row[column] ?? null;
    await db.executeQuery(CompiledQuery.raw(textFor(rows.length, isSqlite(db)), parameters));
  };
}

/**
 * Rewrites existing rows by their key `keys`, many a statement: an INSERT … ON CONFLICT DO UPDATE of every other
 * column, in chunks of a power of two rows (at most 256), so a batch of any size needs at most nine SQL texts. For
 * the moderation sweep's 1000 offers a look: an UPDATE a row cost ~6 MB of allocations a look through Kysely's
 * executor (issue 33, the sweep's memory). A row missing from the table would be inserted: only for tables whose
 * rows are never deleted while claimed.
 */
export function makeBulkRewrite<Row extends Record<string, unknown>>(
  table: string,
  keys: readonly (keyof Row & string)[],
  columns: readonly (keyof Row & string)[],
) {
  const conflict = ` on conflict (${keys.map((key) => `"${key}"`).join(', ')}) do update set ${columns.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`;
  const insert = makeBulkInsert<Row>(table, [...keys, ...columns], conflict);
  return async (db: Kysely<unknown>, rows: readonly Row[]): Promise<void> => {
    for (let start = 0; start < rows.length;) {
      let size = 256;
      while (size > rows.length - start) size /= 2;
      await insert(db, rows.slice(start, start + size));
      start += size;
    }
  };
}
