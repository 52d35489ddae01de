import { type Kysely } from 'kysely';
import { type Product } from '../../domain/product.ts';
import { type AssetCount, type ProductListQuery, type ProductRepository, type ProductSummary } from '../../application/ports/product-repository.ts';
import { type Database } from './database.ts';
import { productToRow, rowToProduct } from './product-rows.ts';

const SUMMARY_COLUMNS = [
  'id',
  'stage',
  'name',
  'offer_id',
  'price',
  'source_platform',
  'source_url',
  'marketplace_product_id',
  'created_at',
  'updated_at',
] as const;

/** `%` and `_` in user text must match literally. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function replaceSources(db: Kysely<Database>, product: Product): Promise<void> {
  await db.deleteFrom('product_sources').where('product_id', '=', product.id).execute();
  const unique = new Map(product.sources.map((s) => [`${s.platform}\u0000${s.item_id}`, s]));
  if (unique.size === 0) return;
  await db
    .insertInto('product_sources')
    .values([...unique.values()].map((s) => ({ product_id: product.id, platform: s.platform, item_id: s.item_id, url: s.url })))
    .execute();
}

async function assetCounts(db: Kysely<Database>, ids: string[]): Promise<Map<string, { counts: AssetCount; failed: number }>> {
  const result = new Map(ids.map((id) => [id, { counts: { main: 0, sku: 0, detail: 0 }, failed: 0 }]));
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('assets')
    .select(['product_id', 'group_key', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', ids)
    .groupBy(['product_id', 'group_key', 'status'])
    .execute();
  for (const row of rows) {
    const entry = result.get(row.product_id)!;
    const n = Number(row.n);
    if (row.group_key === 'main' || row.group_key === 'sku' || row.group_key === 'detail') {
      entry.counts = { ...entry.counts, [row.group_key]: entry.counts[row.group_key] + n };
    }
    if (row.status === 'failed') entry.failed += n;
  }
  return result;
}

/** Products in SQLite or PostgreSQL; pass a transaction as `db` to take part in a unit of work. */
export function makeKyselyProductRepository(db: Kysely<Database>): ProductRepository {
  return {
    async insert(product) {
      await db.insertInto('products').values(productToRow(product)).execute();
      await replaceSources(db, product);
    },

    async findById(id) {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? rowToProduct(row) : undefined;
    },

    async update(product, expectedVersion) {
      const { id: _id, created_at: _created, ...changes } = productToRow(product);
      const result = await db
        .updateTable('products')
        .set(changes)
        .where('id', '=', product.id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await replaceSources(db, product);
      return true;
    },

    async list(query: ProductListQuery) {
      let filtered = db.selectFrom('products');
      filtered = query.stage ? filtered.where('stage', '=', query.stage) : filtered.where('stage', '!=', 'archived');
      if (query.q?.trim()) filtered = filtered.where('search_text', 'like', likePattern(query.q.trim()));
      const [countRow, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        filtered
          .select(SUMMARY_COLUMNS)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      const counts = await assetCounts(db, rows.map((row) => row.id));
      const items: ProductSummary[] = rows.map((row) => ({
        ...row,
        stage: row.stage as ProductSummary['stage'],
        source_platform: row.source_platform as ProductSummary['source_platform'],
        asset_count: counts.get(row.id)!.counts,
        failed_assets: counts.get(row.id)!.failed,
      }));
      return { total: Number(countRow.total), items };
    },

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
      await db.deleteFrom('products').where('id', '=', id).execute();
    },
  };
}
