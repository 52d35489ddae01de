import { type Kysely } from 'kysely';
import { type UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { type Database } from './database.ts';
import { makeKyselyAssetRepository } from './kysely-asset-repository.ts';
import { makeKyselyProductRepository } from './kysely-product-repository.ts';

export function makeKyselyUnitOfWork(db: Kysely<Database>): UnitOfWork {
  return {
    run: (work) =>
      db.transaction().execute((trx) => work({ products: makeKyselyProductRepository(trx), assets: makeKyselyAssetRepository(trx) })),
  };
}
