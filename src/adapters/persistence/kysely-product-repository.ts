import { type Insertable, type Kysely } from 'kysely';
import { type Product } from '../../domain/catalog/product.ts';
import { type ProductBrief, type ProductListQuery, type ProductRepository } from '../../application/ports/product-repository.ts';
import { makeBulkInsert } from './bulk-insert.ts';
import { type Database, type ProductSourceTable, type ProductTable } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { SEARCH_COUNT_DEFAULTS, type SearchCountOptions } from './kept-search-totals.ts';
import { listProducts, listStageCounts } from './kysely-product-list.ts';
import { PRODUCT_COLUMNS, productToRow, rowToProduct } from './product-rows.ts';

// A new product's rows are written with fixed SQL texts: building Kysely's 40-column insert cost more CPU than
// SQLite took to run it (intake, issue 15).
const insertProductRow = makeBulkInsert<Insertable<ProductTable>>('products', PRODUCT_COLUMNS);
const insertSourceRows = makeBulkInsert<Insertable<ProductSourceTable>>('product_sources', ['product_id', 'platform', 'item_id', 'url']);

/** One row per distinct source; a product being updated first loses the rows it had. */
async function writeSources(db: Kysely<Database>, product: Product, known: boolean): Promise<void> {
  if (known) await db.deleteFrom('product_sources').where('product_id', '=', product.id).execute();
  const unique = new Map(product.sources.map((s) => [`${s.platform}\u0000${s.item_id}`, s]));
  if (unique.size === 0) return;
  await insertSourceRows(
    db as Kysely<unknown>,
    [...unique.values()].map((s) => ({ product_id: product.id, platform: s.platform, item_id: s.item_id, url: s.url })),
  );
}

/** Every variant's offer id, for "unique among all offers" (docs/decisions.md, Exports). */
async function replaceOffers(db: Kysely<Database>, product: Product, known: boolean): Promise<void> {
  if (known) await db.deleteFrom('product_offers').where('product_id', '=', product.id).execute();
  const offers = [...new Set(product.variants.flatMap((variant) => (variant.offer_id ? [variant.offer_id] : [])))];
  if (offers.length === 0) return;
  await db
    .insertInto('product_offers')
    .values(offers.map((offer_id) => ({ product_id: product.id, offer_id })))
    .execute();
}

/** The offer ids among `offerIds` that a non-archived product other than `exceptId` uses, as its own or a variant's. */
async function takenOffers(db: Kysely<Database>, offerIds: readonly string[], exceptId: string): Promise<string[]> {
  const wanted = [...new Set(offerIds)].filter(Boolean);
  if (wanted.length === 0) return [];
  const taken = new Set<string>();
  for (let start = 0; start < wanted.length; start += 500) {
    const slice = wanted.slice(start, start + 500);
    const own = await db
      .selectFrom('products')
      .select('offer_id')
      .where('offer_id', 'in', slice)
      .where('id', '!=', exceptId)
      .where('stage', '!=', 'archived')
      .execute();
    const ofVariants = await db
      .selectFrom('product_offers')
      .innerJoin('products', 'products.id', 'product_offers.product_id')
      .select('product_offers.offer_id')
      .where('product_offers.offer_id', 'in', slice)
      .where('product_offers.product_id', '!=', exceptId)
      .where('products.stage', '!=', 'archived')
      .execute();
    for (const row of [...own, ...ofVariants]) taken.add(row.offer_id);
  }
  return wanted.filter((offer) => taken.has(offer));
}

/**
 * Products in SQLite or PostgreSQL; pass a transaction as `db` to take part in a unit of work. `searchCounts`
 * tunes which searches keep their totals (tests lower it).
 */
export function makeKyselyProductRepository(db: Kysely<Database>, searchCounts: SearchCountOptions = SEARCH_COUNT_DEFAULTS): ProductRepository {
  const sqlite = isSqlite(db as Kysely<unknown>);
  return {
    async insert(product) {
      await insertProductRow(db as Kysely<unknown>, [
        { ...productToRow(product), created_by: product.created_by ?? null, updated_by: product.updated_by ?? null },
      ]);
      await writeSources(db, product, false);
      await replaceOffers(db, product, false);
    },

    async findById(id) {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? rowToProduct(row) : undefined;
    },

    async findByIds(ids) {
      const found: Product[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('products')
          .selectAll()
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        found.push(...rows.map(rowToProduct));
      }
      return found;
    },

    async briefsOf(ids) {
      const found: ProductBrief[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('products')
          .select(['id', 'name', 'offer_id', 'pricing'])
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        for (const row of rows) found.push({ id: row.id, name: row.name, offer_id: row.offer_id, pricing: JSON.parse(row.pricing) as Product['pricing'] });
      }
      return found;
    },

    async update(product, expectedVersion) {
      const { id: _id, created_at: _created, ...changes } = productToRow(product);
      // The product names its last editor (use cases set it from their actor); one without keeps the stored name.
      const result = await db
        .updateTable('products')
        .set(product.updated_by === undefined ? changes : { ...changes, updated_by: product.updated_by })
        .where('id', '=', product.id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await writeSources(db, product, true);
      await replaceOffers(db, product, true);
      return true;
    },

    list: (query: ProductListQuery) => listProducts(db, sqlite, query, searchCounts),
    stageCounts: (query: ProductListQuery) => listStageCounts(db, sqlite, query, searchCounts),

    async offerIdTaken(offerId, exceptId) {
      return (await takenOffers(db, [offerId], exceptId)).length > 0;
    },

    offersTaken: (offerIds, exceptId) => takenOffers(db, offerIds, exceptId),

    async idsBySource(platform, itemId) {
      const rows = await db
        .selectFrom('product_sources')
        .innerJoin('products', 'products.id', 'product_sources.product_id')
        .select('products.id')
        .where('product_sources.platform', '=', platform)
        .where('product_sources.item_id', '=', itemId)
        .where('products.stage', '!=', 'archived')
        .orderBy('products.created_at')
        .execute();
      return rows.map((row) => row.id);
    },

    async delete(id) {
      await db.deleteFrom('assets').where('product_id', '=', id).execute();
      await db.deleteFrom('product_sources').where('product_id', '=', id).execute();
      await db.deleteFrom('product_offers').where('product_id', '=', id).execute();
      await db.deleteFrom('products').where('id', '=', id).execute();
    },
  };
}
