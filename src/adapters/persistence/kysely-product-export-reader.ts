import { type Kysely, type Selectable } from 'kysely';
import { ASSET_GROUPS, type AssetGroup } from '../../domain/asset.ts';
import { type JsonObject } from '../../domain/json.ts';
import { type Platform } from '../../domain/platform.ts';
import { type Stage } from '../../domain/product.ts';
import { type Variant } from '../../domain/variant.ts';
import { storedImageUrls } from '../../domain/product-images.ts';
import { type ExportRecord, type ProductExportReader } from '../../application/ports/product-export-reader.ts';
import { type Database, type ProductTable } from './database.ts';
import { MANUAL_PLATFORM } from './product-rows.ts';

/** Only what the exports print: every column read costs at 100 000 rows (the description most of all). */
const EXPORT_COLUMNS = [
  'id', 'stage', 'name', 'offer_id', 'price', 'old_price', 'currency_code', 'vat', 'weight',
  'weight_unit', 'depth', 'width', 'height', 'dimension_unit', 'barcode', 'description_category_id',
  'primary_image', 'images', 'source_platform', 'source_item_id', 'source_url', 'marketplace_product_id',
  'published_at', 'fx_rate', 'created_at', 'updated_at',
] as const satisfies readonly (keyof ProductTable)[];

type ExportRow = Pick<Selectable<ProductTable>, (typeof EXPORT_COLUMNS)[number]> & { pricing?: string; variants?: string; attributes?: string };
type StoredImages = { readonly urls: string[]; readonly byAsset: Map<string, string> };

function toRecord({ variants, attributes, ...row }: ExportRow, stored: StoredImages | undefined, withVariants: boolean): ExportRecord {
  return {
    ...row,
    stage: row.stage as Stage,
    source_platform: row.source_platform === MANUAL_PLATFORM ? null : (row.source_platform as Platform),
    images: row.images === null ? null : (JSON.parse(row.images) as string[]),
    pricing: row.pricing === undefined ? {} : (JSON.parse(row.pricing) as JsonObject),
    stored_images: stored?.urls ?? [],
    ...(withVariants
      ? { variants: JSON.parse(variants ?? '[]') as Variant[], attributes: JSON.parse(attributes ?? '{}') as JsonObject, stored_by_asset: stored?.byAsset ?? new Map<string, string>() }
      : {}),
  };
}

/**
 * Pages through products by (created_at, id) with short queries (keyset pagination, index
 * `products_created_idx`): no long-held cursor blocks the single SQLite connection, and memory stays at one batch.
 */
export function makeKyselyProductExportReader(db: Kysely<Database>): ProductExportReader {
  async function storedImagesOf(ids: string[]): Promise<Map<string, StoredImages>> {
    const rows = ids.length === 0
      ? []
      : await db
          .selectFrom('assets')
          .select(['id', 'product_id', 'group_key', 'type', 'idx', 'status', 'stored_url'])
          .where('product_id', 'in', ids)
          .where('status', '=', 'stored') // index assets_product_status_idx (017): pending images are never read
          .execute();
    const byProduct = new Map<string, { group_key: AssetGroup; index: number; status: 'stored'; stored_url: string; id: string }[]>();
    for (const row of rows) {
      if (!(ASSET_GROUPS as readonly string[]).includes(row.group_key) || row.type === 'video') continue; // videos are no images (§10)
      const list = byProduct.get(row.product_id) ?? [];
      list.push({ group_key: row.group_key as AssetGroup, index: row.idx, status: 'stored', stored_url: row.stored_url, id: row.id });
      byProduct.set(row.product_id, list);
    }
    return new Map([...byProduct].map(([id, assets]) => [id, { urls: storedImageUrls(assets), byAsset: new Map(assets.map((asset) => [asset.id, asset.stored_url])) }]));
  }

  return {
    async *batches(filter, batchSize) {
      if (filter.ids && filter.ids.length === 0) return;
      let after: { created_at: string; id: string } | undefined;
      for (;;) {
        const columns = [...EXPORT_COLUMNS, ...(filter.withPricing ? (['pricing'] as const) : []), ...(filter.withVariants ? (['variants', 'attributes'] as const) : [])];
        let query = db.selectFrom('products').select(columns);
        query = filter.stage ? query.where('stage', '=', filter.stage) : query.where('stage', '!=', 'archived');
        if (filter.ids) query = query.where('id', 'in', [...filter.ids]);
        if (after) {
          const { created_at, id } = after;
          // A row-value comparison: both dialects seek the (created_at, id) index to it (an OR would scan).
          query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(created_at, id)));
        }
        const rows = await query.orderBy('created_at').orderBy('id').limit(batchSize).execute();
        if (rows.length === 0) return;
        const images = await storedImagesOf(rows.map((row) => row.id));
        yield rows.map((row) => toRecord(row, images.get(row.id), filter.withVariants === true));
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { created_at: last.created_at, id: last.id };
      }
    },
  };
}
