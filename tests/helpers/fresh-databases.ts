import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';

/**
 * Fresh, migrated databases without running the 23 migrations for each one. Migrating was most of the time of the
 * contract suites (one database per test or per property run): ~60 ms of CPU on SQLite, ~1 s on a loaded
 * PostgreSQL (135 statements and a commit, then a `drop schema … cascade`).
 *
 * - SQLite: the migrations run once per process into a template file; a fresh database is a copy of it.
 * - PostgreSQL: a schema given back is emptied — every table's rows deleted (triggers off, so nothing is counted
 *   on the way out), the rows the migrations wrote put back, the sequences set back — and handed out again. It is
 *   reused only when its tables, columns, indexes, constraints, triggers, functions and applied migrations are still
 *   those of a freshly migrated schema; otherwise it is dropped as before.
 *
 * Every handle still runs `migrate()`, which finds nothing to do: what a test sees is a freshly migrated database.
 */

const copies = mkdtempSync(path.join(tmpdir(), 'lws-db-'));
let sqliteTemplate: Promise<string> | undefined;

function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lws-template-')), 'template.db');
    const handle = await openDatabase(`sqlite://${file}`);
    await handle.migrate();
    // Closing the last connection checkpoints the WAL into the file: the template is one file.
    await handle.close();
    return file;
  })();
  return sqliteTemplate;
}

/** A fresh, migrated SQLite database file at `file` (its folder must exist, 0700). */
export async function copyMigratedSqlite(file: string): Promise<void> {
  copyFileSync(await migratedSqliteTemplate(), file);
}

/** A `sqlite://` URL of a fresh, migrated database in a folder of its own. */
export async function freshSqliteUrl(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(copies, 'db-')), 'test.db');
  await copyMigratedSqlite(file);
  return `sqlite://${file}`;
}

/** What a freshly migrated schema holds besides its structure: the migrations' own rows and the sequences' state. */
type Baseline = { readonly fingerprint: string; readonly tables: readonly string[]; readonly restore: string };

const baselines = new Map<string, Promise<Baseline | undefined>>();
const idleSchemas = new Map<string, string[]>();

/** Everything a test could change in a schema's structure, as one digest. */
async function fingerprint(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    with ns as (select current_schema()::regnamespace as oid)
    select md5(string_agg(replace(item, current_schema() || '.', ''), E'\n' order by item)) as digest from (
      select 'rel ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce((
        select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum)
        from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
      from pg_class c where c.relnamespace = (select oid from ns)
      union all select 'index ' || indexdef from pg_indexes where schemaname = current_schema()
      union all select 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = (select oid from ns)
      union all select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = (select oid from ns) and not t.tgisinternal
      union all select 'function ' || p.oid::regprocedure::text || ' ' || md5(replace(pg_get_functiondef(p.oid), current_schema() || '.', '')) from pg_proc p where p.pronamespace = (select oid from ns)
      union all select 'migration ' || name from kysely_migration
    ) items`.execute(db);
  return rows[0]!.digest;
}

/** Read off a freshly migrated schema: what `reset` must put back. Undefined when it holds what we cannot put back. */
async function readBaseline(db: Kysely<unknown>): Promise<Baseline | undefined> {
  const relations = await sql<{ name: string; kind: string }>`
    select relname as name, relkind::text as kind from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'S', 'm', 'p', 'v') order by relname`.execute(db);
  if (relations.rows.some((r) => r.kind !== 'r' && r.kind !== 'S')) return undefined;
  const tables = relations.rows.filter((r) => r.kind === 'r' && !r.name.startsWith('kysely_migration')).map((r) => r.name);
  const restore: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ json: string | null }>`select json_agg(t)::text as json from ${sql.table(table)} t`.execute(db);
    const json = rows[0]?.json;
    if (json) restore.push(`insert into "${table}" overriding system value select * from json_populate_recordset(null::"${table}", ${literal(json)});`);
  }
  for (const sequence of relations.rows.filter((r) => r.kind === 'S')) {
    const { rows } = await sql<{
      value: string;
      called: boolean;
    }>`select last_value::text as value, is_called as called from ${sql.table(sequence.name)}`.execute(db);
    restore.push(`select setval('"${sequence.name}"', ${rows[0]!.value}, ${rows[0]!.called});`);
  }
  return { fingerprint: await fingerprint(db), tables, restore: restore.join('\n') };
}

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** A schema name for a fresh or reused PostgreSQL schema; `migrate()` on it is needed (and cheap when reused). */
export function takeSchema(url: string, fresh: () => string): string {
  return idleSchemas.get(url)?.pop() ?? fresh();
}

/** Records what a freshly migrated schema looks like, the first time one is migrated on `url` in this process. */
export async function noteBaseline(url: string, handle: DatabaseHandle): Promise<void> {
  if (!baselines.has(url))
    baselines.set(
      url,
      readBaseline(handle.db as unknown as Kysely<unknown>).catch(() => undefined),
    );
  await baselines.get(url);
}

/**
 * Gives a schema back: emptied and kept for the next test when it still has the structure of a fresh one (and the
 * server lets us switch triggers off), else dropped. `db` is a connection on that schema, closed by the caller.
 */
export async function giveBackSchema(url: string, schema: string, db: Kysely<unknown>, drop: () => Promise<void>): Promise<void> {
  const baseline = await baselines.get(url);
  const reset = async (): Promise<boolean> => {
    if (!baseline || (await fingerprint(db)) !== baseline.fingerprint) return false;
    const deletes = baseline.tables.map((table) => `delete from "${table}";`).join('\n');
    await sql.raw(`begin;\nset local session_replication_role = replica;\n${deletes}\n${baseline.restore}\ncommit;`).execute(db);
    return true;
  };
  if (await reset().catch(() => false)) {
    const idle = idleSchemas.get(url) ?? [];
    idle.push(schema);
    idleSchemas.set(url, idle);
  } else {
    await drop();
  }
}

/** Drops the schemas kept for reuse (after each test file), so none is left on the server. */
export async function dropIdleSchemas(drop: (url: string, schema: string) => Promise<void>): Promise<void> {
  for (const [url, schemas] of idleSchemas) {
    idleSchemas.delete(url);
    for (const schema of schemas) await drop(url, schema);
  }
}
