import { type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { type UserChanges, type UserRepository, type UserWithHash } from '../../application/ports/user-repository.ts';
import { type Role, type User, usernameKey } from '../../domain/accounts/user.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { type UserTable } from './tables/accounts.ts';

const PUBLIC_COLUMNS = ['id', 'username', 'display_name', 'role', 'disabled', 'token_version', 'created_at', 'updated_at', 'last_login_at'] as const;

function rowToUser(row: Omit<Selectable<UserTable>, 'password_hash' | 'username_key'>): User {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role as Role,
    disabled: Number(row.disabled) === 1,
    token_version: Number(row.token_version),
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login_at: row.last_login_at,
  };
}

const withHash = (row: Selectable<UserTable>): UserWithHash => ({ ...rowToUser(row), password_hash: row.password_hash });

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
};

/** Users in SQLite or PostgreSQL. */
export function makeKyselyUserRepository(db: Kysely<Database>): UserRepository {
  const sqlite = isSqlite(db as Kysely<unknown>);
  const setOf = (changes: UserChanges) => {
    const { disabled, ...rest } = changes;
    return { ...rest, ...(disabled === undefined ? {} : { disabled: disabled ? 1 : 0 }) };
  };
  return {
    async insert(user) {
      try {
        await db
          .insertInto('users')
          .values({
            id: user.id,
            username: user.username,
            username_key: usernameKey(user.username),
            display_name: user.display_name,
            role: user.role,
            disabled: user.disabled ? 1 : 0,
            password_hash: user.password_hash,
            token_version: user.token_version,
            created_at: user.created_at,
            updated_at: user.updated_at,
            last_login_at: null,
          })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async findById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? withHash(row) : undefined;
    },

    async findByKey(key) {
      const row = await db.selectFrom('users').selectAll().where('username_key', '=', key).executeTakeFirst();
      return row ? withHash(row) : undefined;
    },

    async list(limit) {
      const rows = await db.selectFrom('users').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map(rowToUser);
    },

    async count() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async update(id, changes) {
      await db.updateTable('users').set(setOf(changes)).where('id', '=', id).execute();
    },

    async changeKeepingAnAdmin(id, change) {
      if (sqlite) {
        // One statement: SQLite holds the write lock from the check to the write, across processes too.
        const anotherAdmin = (eb: ExpressionBuilder<Database, 'users'>) =>
          eb.exists(
            eb.selectFrom('users as other').select('other.id').where('other.role', '=', 'admin').where('other.disabled', '=', 0).where('other.id', '!=', id),
          );
        const result =
          change === 'delete'
            ? await db.deleteFrom('users').where('id', '=', id).where(anotherAdmin).executeTakeFirst()
            : await db.updateTable('users').set(setOf(change)).where('id', '=', id).where(anotherAdmin).executeTakeFirst();
        return Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows) === 1;
      }
      return db.transaction().execute(async (trx) => {
        // PostgreSQL: lock the enabled admins' rows, so a concurrent demotion waits, then counts again.
        const admins = await trx.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0).forUpdate().execute();
        if (!admins.some((admin) => admin.id !== id)) return false;
        if (change === 'delete') await trx.deleteFrom('users').where('id', '=', id).execute();
        else await trx.updateTable('users').set(setOf(change)).where('id', '=', id).execute();
        return true;
      });
    },

    async delete(id) {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    async session(id) {
      const row = await db.selectFrom('users').select(['username', 'role', 'disabled', 'token_version']).where('id', '=', id).executeTakeFirst();
      return row
        ? { username: row.username, role: row.role as Role, disabled: Number(row.disabled) === 1, token_version: Number(row.token_version) }
        : undefined;
    },
  };
}
