import { type Kysely, sql } from 'kysely';
import { type AssetRepository } from '../../application/ports/asset-repository.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';

export type DownloadClaims = Pick<AssetRepository, 'claimDownloads' | 'renewClaims' | 'releaseClaims'>;

type ClaimedRow = { id: string; created_at: string };

/**
 * The download worker's claims on unfinished assets (docs/decisions.md, Background work): the oldest claimable ones taken under a
 * lease (`claimed_until`), renewed while their downloads run, let go at a stop. Part of the Kysely asset repository.
 */
export function makeKyselyDownloadClaims(db: Kysely<Database>): DownloadClaims {
  return {
    async claimDownloads(limit, now, leaseUntil) {
      if (limit <= 0) return [];
      const claimable = sql`status in ('pending', 'downloading') and (claimed_until is null or claimed_until < ${now})`;
      const sqlite = isSqlite(db as Kysely<unknown>);
      // Walked in order on 013's partial index: with no statistics SQLite took the status index and sorted the
      // whole backlog for every claim.
      const source = sqlite ? sql`assets indexed by assets_unfinished_idx` : sql`assets`;
      const oldest = sql`select id from ${source} where ${claimable} order by created_at, id limit ${limit}`;
      // SQLite has one writer at a time, so the statement is the whole claim. PostgreSQL skips rows another
      // transaction is claiming rather than waiting; the pick is a materialised CTE, because as an `IN` subquery
      // the planner may run it again per row and update more than `limit` rows.
      const { rows } = sqlite
        ? await sql<ClaimedRow>`update assets set claimed_until = ${leaseUntil} where id in (${oldest}) returning id, created_at`.execute(db)
        : await sql<ClaimedRow>`with picked as materialized (${oldest} for update skip locked)
            update assets set claimed_until = ${leaseUntil} from picked where assets.id = picked.id returning assets.id, assets.created_at`.execute(db);
      // RETURNING keeps no order: oldest first again.
      return rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1)).map((row) => row.id);
    },

    async renewClaims(assetIds, leaseUntil) {
      if (assetIds.length === 0) return;
      await db
        .updateTable('assets')
        .set({ claimed_until: leaseUntil })
        .where('id', 'in', [...assetIds])
        .where('claimed_until', 'is not', null)
        .execute();
    },

    async releaseClaims(assetIds) {
      if (assetIds.length === 0) return;
      await db
        .updateTable('assets')
        .set({ claimed_until: null })
        .where('id', 'in', [...assetIds])
        .execute();
    },
  };
}
