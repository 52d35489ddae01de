import { type Clock } from '../ports/clock.ts';
import { type ImageNormaliser } from '../ports/image-normaliser.ts';
import { type UploadRedemptions } from '../ports/direct-uploads.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { gatherUploadedImage } from '../image-uploads.ts';
import { allowedBy, redeemTicket } from '../upload-tickets.ts';
import { CONTENT_TYPE_OF } from '../../domain/media/image-format.ts';
import { type ReceiveDirectVideo } from './receive-direct-video.ts';

/** The same signed PUT as a video's (its input and answer), whatever the ticket's kind. */
export type ReceiveDirectUpload = ReceiveDirectVideo;

export type ReceiveDirectUploadDeps = {
  readonly uploadRedemptions: UploadRedemptions;
  readonly objectStore: ObjectStore;
  readonly imageNormaliser: ImageNormaliser;
  readonly clock: Clock;
  /** A ticket issued for a video goes there, whatever the request's Content-Type says. */
  readonly receiveVideo: ReceiveDirectVideo;
};

/**
 * The local store's PUT of a signed upload URL. The ticket decides the kind and so the cap (an image ticket the
 * image cap, a video ticket MAX_VIDEO_BYTES), before a byte of the body is read; a video goes to `receiveVideo`.
 * An image must decode (checked before the ticket is spent), then the ticket is redeemed once and the object
 * written under the key it names.
 */
export function makeReceiveDirectUpload({
  uploadRedemptions,
  objectStore,
  imageNormaliser,
  clock,
  receiveVideo,
}: ReceiveDirectUploadDeps): ReceiveDirectUpload {
  return async (input) => {
    const { ticketId, signature } = input;
    const allowed = allowedBy(await uploadRedemptions.inspect(ticketId, signature, clock.now()));
    if (allowed.contentType.startsWith('video/')) return receiveVideo(input);
    const body = await gatherUploadedImage(input.body, input.declaredBytes);
    // Decoded, not only sniffed: the bytes are served as they are, under the type their header names.
    const format = await imageNormaliser.verify(body);
    const ticket = await redeemTicket(uploadRedemptions, { ticketId, signature }, clock.now());
    const stored = await objectStore.put(ticket.key, body, CONTENT_TYPE_OF[format]);
    return { storedUrl: stored.url, bytes: stored.bytes };
  };
}
