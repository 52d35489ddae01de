import { type Kysely } from 'kysely';
import { type UploadTicketStore } from '../../application/ports/direct-uploads.ts';
import { type Database } from './database.ts';

/** Upload tickets in `upload_tickets`; "used once" is one conditional UPDATE, so two redeems cannot both win. */
export function makeKyselyUploadTicketStore(db: Kysely<Database>): UploadTicketStore {
  return {
    async add(ticket, forgetExpiredBefore) {
      await db
        .insertInto('upload_tickets')
        .values({
          id: ticket.id,
          object_key: ticket.key,
          content_type: ticket.contentType,
          expires_at: ticket.expiresAt,
          used_at: null,
          created_at: ticket.createdAt,
        })
        .execute();
      await db.deleteFrom('upload_tickets').where('expires_at', '<', forgetExpiredBefore).execute();
    },

    async find(id) {
      const row = await db.selectFrom('upload_tickets').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { id: row.id, key: row.object_key, contentType: row.content_type, expiresAt: row.expires_at, usedAt: row.used_at, createdAt: row.created_at };
    },

    async markUsed(id, at) {
      const claimed = await db.updateTable('upload_tickets').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  };
}
