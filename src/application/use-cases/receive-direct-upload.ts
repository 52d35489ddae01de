import { type Clock } from '../ports/clock.ts';
import { type ImageNormaliser } from '../ports/image-normaliser.ts';
import { type RedeemedUpload, type UploadRedemptions } from '../ports/direct-uploads.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { DomainError, conflict } from '../../domain/errors.ts';
import { CONTENT_TYPE_OF } from '../../domain/image-format.ts';

export type ReceiveDirectUploadInput = { readonly ticketId: string; readonly signature: string; readonly body: Uint8Array };
export type ReceiveDirectUpload = (input: ReceiveDirectUploadInput) => Promise<{ storedUrl: string; bytes: number }>;

/**
 * The local store's PUT of a signed upload URL: the bytes must decode as an image (checked before the ticket is spent),
 * then the ticket is redeemed once and the object written under the key it names.
 */
export type ReceiveDirectUploadDeps = {
  readonly uploadRedemptions: UploadRedemptions;
  readonly objectStore: ObjectStore;
  readonly imageNormaliser: ImageNormaliser;
  readonly clock: Clock;
};

/** Spends the signed URL's ticket once: what it allows, or 401 (forged, expired) / 409 (used before). */
export async function redeemTicket(
  uploadRedemptions: UploadRedemptions,
  { ticketId, signature }: { ticketId: string; signature: string },
  now: Date,
): Promise<RedeemedUpload> {
  const ticket = await uploadRedemptions.redeem(ticketId, signature, now);
  if (ticket === 'invalid') throw new DomainError('unauthorized', 'UPLOAD_URL_INVALID', '上传链接无效');
  if (ticket === 'expired') throw new DomainError('unauthorized', 'UPLOAD_URL_EXPIRED', '上传链接已过期，请重新获取');
  if (ticket === 'used') throw conflict('UPLOAD_URL_USED', '上传链接已使用过，请重新获取');
  return ticket;
}

export function makeReceiveDirectUpload({ uploadRedemptions, objectStore, imageNormaliser, clock }: ReceiveDirectUploadDeps): ReceiveDirectUpload {
  return async ({ ticketId, signature, body }) => {
    // Decoded, not only sniffed: the bytes are served as they are, under the type their header names.
    const format = await imageNormaliser.verify(body);
    const ticket = await redeemTicket(uploadRedemptions, { ticketId, signature }, clock.now());
    const stored = await objectStore.put(ticket.key, body, CONTENT_TYPE_OF[format]);
    return { storedUrl: stored.url, bytes: stored.bytes };
  };
}
