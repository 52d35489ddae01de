import { type Kysely } from 'kysely';
import { ASSET_GROUPS, type AssetGroup } from '../../domain/media/asset.ts';
import { storedImageUrls } from '../../domain/catalog/product-images.ts';
import { type ProductExportReader } from '../../application/ports/product-export-reader.ts';
import { type Database } from './database.ts';
import { exportTupleSql, idOf, parseTuple, positionOf, type StoredImages, toRecord } from './export-rows.ts';

/**
 * Pages through products by (created_at, id) with short queries (keyset pagination, index
 * `products_created_idx`): no long-held cursor blocks the single SQLite connection, and memory stays at one batch.
 */
export function makeKyselyProductExportReader(db: Kysely<Database>): ProductExportReader {
  async function storedImagesOf(ids: string[]): Promise<Map<string, StoredImages>> {
    const rows =
      ids.length === 0
        ? []
        : await db
            .selectFrom('assets')
            .select(['id', 'product_id', 'group_key', 'type', 'idx', 'status', 'stored_url'])
            .where('product_id', 'in', ids)
            .where('status', '=', 'stored') // index assets_product_status_idx (017): pending images are never read
            .execute();
    const byProduct = new Map<string, { group_key: AssetGroup; index: number; status: 'stored'; stored_url: string; id: string }[]>();
    for (const row of rows) {
      if (!(ASSET_GROUPS as readonly string[]).includes(row.group_key) || row.type === 'video') continue; // videos are no images (docs/decisions.md, Videos)
      const list = byProduct.get(row.product_id) ?? [];
      list.push({ group_key: row.group_key as AssetGroup, index: row.idx, status: 'stored', stored_url: row.stored_url, id: row.id });
      byProduct.set(row.product_id, list);
    }
    return new Map(
      [...byProduct].map(([id, assets]) => [id, { urls: storedImageUrls(assets), byAsset: new Map(assets.map((asset) => [asset.id, asset.stored_url])) }]),
    );
  }

  return {
    async *batches(filter, batchSize) {
      if (filter.ids && filter.ids.length === 0) return;
      let after: { created_at: string; id: string } | undefined;
      for (;;) {
        let query = db.selectFrom('products').select(exportTupleSql(db, filter).as('tuple'));
        query = filter.stage ? query.where('stage', '=', filter.stage) : query.where('stage', '!=', 'archived');
        if (filter.ids) query = query.where('id', 'in', [...filter.ids]);
        if (after) {
          const { created_at, id } = after;
          // A row-value comparison: both dialects seek the (created_at, id) index to it (an OR would scan).
          query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(created_at, id)));
        }
        const rows = await query.orderBy('created_at').orderBy('id').limit(batchSize).execute();
        if (rows.length === 0) return;
        const tuples = rows.map((row) => parseTuple(row.tuple));
        const images = await storedImagesOf(tuples.map(idOf));
        yield tuples.map((tuple) => toRecord(tuple, images.get(idOf(tuple)), filter));
        if (rows.length < batchSize) return;
        after = positionOf(tuples[tuples.length - 1]!);
      }
    },
  };
}
