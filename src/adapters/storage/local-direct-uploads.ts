import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Kysely } from 'kysely';
import { type DirectUploads, type UploadRedemptions } from '../../application/ports/direct-uploads.ts';
import { type Database } from '../persistence/database.ts';
import { assertSafeKey } from './local-object-store.ts';

/** Where the app accepts signed uploads (outside /api: the signature is the credential). */
export const UPLOAD_PREFIX = '/uploads/';

const TICKET_RETENTION_MS = 24 * 60 * 60 * 1000;

export type LocalDirectUploadsOptions = {
  readonly db: Kysely<Database>;
  /** HMAC key for the URL signatures. */
  readonly secret: string;
  /** Absolute base of the app's URLs; root-relative URLs without it. */
  readonly publicBaseUrl: string | undefined;
  readonly urlFor: (key: string) => string;
};

/**
 * Signed, single-use upload URLs served by the app itself. The ticket row makes them single-use (the first
 * redeem marks it used in one conditional UPDATE); the HMAC binds id, key, type and expiry so a leaked id alone is useless.
 */
export function makeLocalDirectUploads({ db, secret, publicBaseUrl, urlFor }: LocalDirectUploadsOptions): DirectUploads & UploadRedemptions {
  const sign = (id: string, key: string, contentType: string, expiresAt: string): string =>
    createHmac('sha256', secret).update(`upload\n${id}\n${key}\n${contentType}\n${expiresAt}`).digest('base64url');

  return {
    async issue(key, contentType, expiresAt) {
      assertSafeKey(key);
      const id = randomUUID();
      const expires = expiresAt.toISOString();
      await db
        .insertInto('upload_tickets')
        .values({ id, object_key: key, content_type: contentType, expires_at: expires, used_at: null, created_at: new Date().toISOString() })
        .execute();
      // Spent and expired tickets are only kept for a day, so the table stays small.
      await db.deleteFrom('upload_tickets').where('expires_at', '<', new Date(Date.now() - TICKET_RETENTION_MS).toISOString()).execute();
      const signature = sign(id, key, contentType, expires);
      return {
        uploadUrl: `${publicBaseUrl ?? ''}${UPLOAD_PREFIX}${id}?sig=${signature}`,
        method: 'PUT',
        headers: { 'content-type': contentType },
        expiresAt: expires,
        storedUrl: urlFor(key),
      };
    },

    async redeem(ticketId, signature, now) {
      const row = await db.selectFrom('upload_tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
      if (!row) return 'invalid';
      const expected = Buffer.from(sign(row.id, row.object_key, row.content_type, row.expires_at));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      if (Date.parse(row.expires_at) <= now.getTime()) return 'expired';
      const claimed = await db
        .updateTable('upload_tickets')
        .set({ used_at: now.toISOString() })
        .where('id', '=', ticketId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 'used';
      return { key: row.object_key, contentType: row.content_type };
    },
  };
}
