import { type Kysely } from 'kysely';

/**
 * 001's (status, created_at) index on assets served the re-queue at start, gone since 013 (downloads are claimed on
 * 013's partial index of unfinished assets). Nothing reads through it any more, and 017 notes SQLite preferring it
 * for exports to their cost; yet every image collected paid one more B-tree insert for it (30 per collect, a tenth
 * of the assets insert) and every download status change moved its entry. `listByStatus` (since removed), which only tests called,
 * now reads the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assets_status_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assets_status_idx').ifNotExists().on('assets').columns(['status', 'created_at']).execute();
}
