import { type Kysely } from 'kysely';
import { isSqlite, sqliteColumnsOf } from '../dialect-of.ts';

/** Accounts (docs/decisions.md, Accounts): users, failed logins for the throttle, the audit log, and who made or changed a product. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();

  // Serial ids: the audit pages newest first by id, and the throttle prunes by time.
  const serial = (table: string) =>
    db.schema.createTable(table).addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()));

  await serial('login_failures')
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_name_idx').on('login_failures').columns(['username_key', 'at']).execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'at']).execute();
  await db.schema.createIndex('login_failures_at_idx').on('login_failures').column('at').execute();

  await serial('audit_log')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .execute();

  // On SQLite a down step leaves these columns in place (see down), so an up after it finds them there.
  // (PostgreSQL's introspection would list other schemas' products tables too, and there down drops them.)
  const existing = await sqliteColumnsOf(db, 'products');
  for (const column of ['created_by', 'updated_by']) {
    if (!existing.includes(column)) await db.schema.alterTable('products').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite's DROP COLUMN re-checks every trigger on the table and trips over 008's count triggers; two unused
  // nullable columns are harmless there, so only PostgreSQL drops them.
  if (!isSqlite(db)) {
    await db.schema.alterTable('products').dropColumn('updated_by').execute();
    await db.schema.alterTable('products').dropColumn('created_by').execute();
  }
  for (const table of ['audit_log', 'login_failures', 'users']) await db.schema.dropTable(table).ifExists().execute();
}
