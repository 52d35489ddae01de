import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../src/adapters/persistence/connection.ts';
import { registerSearchFunctions } from '../src/adapters/persistence/search-index.ts';
import { catalogRows, PRODUCTS } from './catalog-workload.ts';

type Rows = ReturnType<typeof catalogRows>;
/** What goes in for product `i`: its row and its asset rows (a section's variation of the catalog). */
export type CatalogVariation = (i: number, rows: Rows) => { product: Rows['product']; assets: object[] };

/** The catalog (catalog-workload.ts), varied per row by `vary`, written straight into SQLite in one transaction. */
export async function seedCatalog(dataDir: string, vary: CatalogVariation = (_i, rows) => ({ product: rows.product, assets: [rows.asset] })): Promise<string> {
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
      const { product, assets } = vary(i, catalogRows(i));
      insertProduct.run(product);
      for (const asset of assets) insertAsset.run(asset);
    }
  })();
  db.close();
  return file;
}

/** The environment of our service over a seeded data dir: the bench secrets, exchange-rate sources unreachable. */
export const catalogServiceEnv = (secrets: Record<string, string>, dataDir: string): Record<string, string> => ({
  ...secrets,
  DATA_DIR: dataDir,
  FX_CBR_URL: 'http://127.0.0.1:9/none',
  FX_ERAPI_URL: 'http://127.0.0.1:9/none',
  FX_CURRENCYAPI_URL: 'http://127.0.0.1:9/none',
});
