import { type Kysely } from 'kysely';

/**
 * The exports read each batch's stored images with `product_id in (…) and status = 'stored'`. With only
 * (product_id, group_key, idx) to go on, that read every image of the batch and dropped the pending ones in code —
 * while a slow CDN leaves 300 000 pending, most of the export's time. Both columns in one index let both dialects
 * seek straight to the stored ones (and SQLite no longer prefers the status index, which scanned every stored image).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assets_product_status_idx').on('assets').columns(['product_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assets_product_status_idx').ifExists().execute();
}
