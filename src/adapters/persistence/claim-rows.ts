import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isSqlite } from './dialect-of.ts';

/**
 * The workers' claim statement (docs/decisions.md, Background work): the rows `pick` selects (by `id`) get `set` (a
 * lease, a holder) in one statement, and are answered as updated. SQLite has one writer at a time, so the update
 * is the whole claim; PostgreSQL skips rows another transaction is claiming rather than waiting, and the pick is a
 * materialised CTE because as an `IN` subquery the planner may run it again per row and claim more than it picked.
 */
export async function claimRows<Row>(
  db: Kysely<unknown>,
  claim: {
    readonly table: string;
    readonly pick: RawBuilder<unknown>;
    readonly set: RawBuilder<unknown>;
    /** Columns answered (default all); written unqualified, as SQLite's RETURNING takes no table prefix. */ readonly returning?: RawBuilder<unknown>;
  },
): Promise<Row[]> {
  const table = sql.table(claim.table);
  const { rows } = isSqlite(db)
    ? await sql<Row>`update ${table} set ${claim.set} where id in (${claim.pick}) returning ${claim.returning ?? sql`*`}`.execute(db)
    : await sql<Row>`with picked as materialized (${claim.pick} for update skip locked)
        update ${table} set ${claim.set} from picked where ${table}.id = picked.id returning ${claim.returning ?? sql`${table}.*`}`.execute(db);
  return rows;
}
