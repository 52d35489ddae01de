import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type DirectUploads, type StoredUploadTicket, type UploadRedemptions, type UploadTicketStore } from '../../application/ports/direct-uploads.ts';
import { assertSafeKey } from './local-object-store.ts';

/** Where the app accepts signed uploads (outside /api: the signature is the credential). */
export const UPLOAD_PREFIX = '/uploads/';

/** Spent and expired tickets are only kept for a day, so the table stays small. */
const TICKET_RETENTION_MS = 24 * 60 * 60 * 1000;

export type LocalDirectUploadsOptions = {
  /** Where the tickets are kept (the database), so each URL works once. */
  readonly tickets: UploadTicketStore;
  /** HMAC key for the URL signatures. */
  readonly secret: string;
  /** Absolute base of the app's URLs; root-relative URLs without it. */
  readonly publicBaseUrl: string | undefined;
  readonly urlFor: (key: string) => string;
};

/**
 * Signed, single-use upload URLs served by the app itself. The stored ticket makes them single-use (the first
 * redeem marks it used); the HMAC binds id, key, type and expiry so a leaked id alone is useless.
 */
export function makeLocalDirectUploads({ tickets, secret, publicBaseUrl, urlFor }: LocalDirectUploadsOptions): DirectUploads & UploadRedemptions {
  const sign = (id: string, key: string, contentType: string, expiresAt: string): string =>
    createHmac('sha256', secret).update(`upload\n${id}\n${key}\n${contentType}\n${expiresAt}`).digest('base64url');

  /** The ticket behind a signed URL when the signature holds and it is still open. */
  async function check(ticketId: string, signature: string, now: Date): Promise<StoredUploadTicket | 'invalid' | 'expired' | 'used'> {
    const ticket = await tickets.find(ticketId);
    if (!ticket) return 'invalid';
    const expected = Buffer.from(sign(ticket.id, ticket.key, ticket.contentType, ticket.expiresAt));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    if (Date.parse(ticket.expiresAt) <= now.getTime()) return 'expired';
    return ticket.usedAt === null ? ticket : 'used';
  }

  return {
    async issue(key, contentType, expiresAt) {
      assertSafeKey(key);
      const id = randomUUID();
      const expires = expiresAt.toISOString();
      const forgetBefore = new Date(Date.now() - TICKET_RETENTION_MS).toISOString();
      await tickets.add({ id, key, contentType, expiresAt: expires, createdAt: new Date().toISOString() }, forgetBefore);
      const signature = sign(id, key, contentType, expires);
      return {
        uploadUrl: `${publicBaseUrl ?? ''}${UPLOAD_PREFIX}${id}?sig=${signature}`,
        method: 'PUT',
        headers: { 'content-type': contentType },
        expiresAt: expires,
        storedUrl: urlFor(key),
      };
    },

    async inspect(ticketId, signature, now) {
      const checked = await check(ticketId, signature, now);
      return typeof checked === 'string' ? checked : { key: checked.key, contentType: checked.contentType };
    },

    async redeem(ticketId, signature, now) {
      const checked = await check(ticketId, signature, now);
      if (typeof checked === 'string') return checked;
      if (!(await tickets.markUsed(ticketId, now.toISOString()))) return 'used';
      return { key: checked.key, contentType: checked.contentType };
    },
  };
}
