import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../src/adapters/persistence/connection.ts';
import { registerSearchFunctions } from '../src/adapters/persistence/search-index.ts';
import { catalogRows, PRODUCTS } from './catalog-workload.ts';

/** The catalog (catalog-workload.ts) written straight into SQLite in one transaction. */
export async function seedCatalog(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'listing.db');
  const database = await openDatabase(`sqlite://${file}`);
  await database.migrate();
  await database.close();
  const db = new BetterSqlite3(file);
  registerSearchFunctions(db); // the search-index triggers call it
  const insertInto = (table: string, row: object) => {
    const columns = Object.keys(row);
    return db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
  };
  const first = catalogRows(0);
  const insertProduct = insertInto('products', first.product);
  const insertAsset = insertInto('assets', first.asset);
  db.transaction(() => {
    for (let i = 0; i < PRODUCTS; i += 1) {
      const { product, asset } = catalogRows(i);
      insertProduct.run(product);
      insertAsset.run(asset);
    }
  })();
  db.close();
  return file;
}
