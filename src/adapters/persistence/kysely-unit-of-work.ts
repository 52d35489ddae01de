import { type Kysely } from 'kysely';
import { type TransactionalRepositories, type UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { makeKyselyAssetRepository } from './kysely-asset-repository.ts';
import { makeKyselyProductRepository } from './kysely-product-repository.ts';
import { makeSqliteGroupCommit } from './sqlite-group-commit.ts';

const reposOf = (trx: Kysely<Database>): TransactionalRepositories => ({ products: makeKyselyProductRepository(trx), assets: makeKyselyAssetRepository(trx) });

/**
 * SQLite groups the units of work asked for together into one commit (sqlite-group-commit.ts). PostgreSQL runs
 * each in its own transaction on the pool: its commits already proceed in parallel and share WAL flushes.
 */
export function makeKyselyUnitOfWork(db: Kysely<Database>): UnitOfWork {
  if (isSqlite(db as Kysely<unknown>)) return makeSqliteGroupCommit(db, reposOf);
  return { run: (work) => db.transaction().execute((trx) => work(reposOf(trx))) };
}
