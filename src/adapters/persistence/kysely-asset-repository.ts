import { type Insertable, type Kysely, sql } from 'kysely';
import { ASSET_GROUPS } from '../../domain/media/asset.ts';
import { type AssetRepository } from '../../application/ports/asset-repository.ts';
import { type AssetTable, type Database } from './database.ts';
import { assetToRow, rowToAsset } from './asset-rows.ts';
import { makeBulkInsert } from './bulk-insert.ts';
import { makeKyselyDownloadClaims } from './kysely-download-claims.ts';

// Large intakes insert in chunks so no statement exceeds SQLite's bound-parameter limit.
const INSERT_CHUNK = 200;

const ASSET_COLUMNS = [
  'id',
  'product_id',
  'group_key',
  'group_name',
  'variant_name',
  'type',
  'idx',
  'dedupe_key',
  'source_url',
  'referer',
  'stored_url',
  'status',
  'error',
  'attempts',
  'content_type',
  'bytes',
  'width',
  'height',
  'sha256',
  'duration_ms',
  'video_cover',
  'translated_from',
  'created_at',
  'updated_at',
  'claimed_until',
] as const satisfies readonly (keyof AssetTable)[];
// Fails to compile when a column is added to the table but not to the list above.
const everyColumnListed: Exclude<keyof AssetTable, (typeof ASSET_COLUMNS)[number]> extends never ? true : never = true;
void everyColumnListed;
const insertAssetRows = makeBulkInsert<Insertable<AssetTable>>('assets', ASSET_COLUMNS);

/** Group order as a SQL expression: main, sku, detail, upload, generated. */
const groupOrder = sql<number>`case group_key ${sql.join(
  ASSET_GROUPS.map((group, position) => sql`when ${group} then ${position}`),
  sql` `,
)} else ${ASSET_GROUPS.length} end`;

/** Assets in SQLite or PostgreSQL; pass a transaction as `db` to take part in a unit of work. */
export function makeKyselyAssetRepository(db: Kysely<Database>): AssetRepository {
  return {
    async insertMany(assets) {
      for (let start = 0; start < assets.length; start += INSERT_CHUNK) {
        await insertAssetRows(db as Kysely<unknown>, assets.slice(start, start + INSERT_CHUNK).map(assetToRow));
      }
    },

    async findById(assetId) {
      const row = await db.selectFrom('assets').selectAll().where('id', '=', assetId).executeTakeFirst();
      return row ? rowToAsset(row) : undefined;
    },

    async listByProduct(productId, window) {
      let query = db
        .selectFrom('assets')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy(groupOrder)
        .orderBy('idx')
        .orderBy('created_at')
        .orderBy('id');
      if (window) query = query.limit(window.limit).offset(window.offset);
      return (await query.execute()).map(rowToAsset);
    },

    async countByProduct(productId) {
      const row = await db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async dedupeKeys(productId) {
      const rows = await db.selectFrom('assets').select('dedupe_key').where('product_id', '=', productId).where('dedupe_key', '!=', '').execute();
      return [...new Set(rows.map((row) => row.dedupe_key))];
    },

    ...makeKyselyDownloadClaims(db),

    async update(asset) {
      const { id: _id, product_id: _product, created_at: _created, video_cover: _cover, translated_from: _source, ...changes } = assetToRow(asset);
      await db.updateTable('assets').set(changes).where('id', '=', asset.asset_id).execute();
    },

    async delete(assetId) {
      await db.deleteFrom('assets').where('id', '=', assetId).execute();
    },

    async setVideoCover(productId, assetId) {
      // One statement: the mark moves from the old cover to the new one at once, never two covers in between.
      await db
        .updateTable('assets')
        .set({ video_cover: sql<number>`case when id = ${assetId ?? ''} then 1 else 0 end` })
        .where('product_id', '=', productId)
        .where((eb) => eb.or([eb('video_cover', '=', 1), eb('id', '=', assetId ?? '')]))
        .execute();
    },
  };
}
