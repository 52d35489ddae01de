import { type Clock } from '../ports/clock.ts';
import { type UploadRedemptions } from '../ports/direct-uploads.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type VideoDurationReader } from '../ports/video-fetcher.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { notAVideo, refuseUnpublishable, sniffedVideo, storeVideo, videoTooLarge } from '../video-transfer.ts';
import { redeemTicket } from '../upload-tickets.ts';

export type ReceiveDirectVideoInput = {
  readonly ticketId: string;
  readonly signature: string;
  /** The request body as it arrives: never gathered past the cap of the ticket's kind. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The length the client declared (Content-Length), when it did: over the cap, nothing is read. */
  readonly declaredBytes?: number | undefined;
};
export type ReceiveDirectVideo = (input: ReceiveDirectVideoInput) => Promise<{ storedUrl: string; bytes: number }>;

export type ReceiveDirectVideoDeps = {
  readonly uploadRedemptions: UploadRedemptions;
  readonly objectStore: ObjectStore;
  readonly durationReader: VideoDurationReader;
  readonly clock: Clock;
  /** MAX_VIDEO_BYTES (docs/decisions.md, Videos). */
  readonly maxBytes: number;
};

/**
 * The local store's signed PUT of a video: bytes that are no MP4/MOV are refused before the ticket is spent; then
 * the ticket is redeemed and the body streamed under its key, capped, its duration read as it passes. A file of
 * the other format than the ticket names, or one the marketplace would refuse (8 s – 5 min), leaves nothing behind.
 */
export function makeReceiveDirectVideo({ uploadRedemptions, objectStore, durationReader, clock, maxBytes }: ReceiveDirectVideoDeps): ReceiveDirectVideo {
  return async ({ ticketId, signature, body, declaredBytes }) => {
    if (declaredBytes !== undefined && declaredBytes > maxBytes) throw videoTooLarge(maxBytes);
    const video = await sniffedVideo(body);
    if (!video.format) throw notAVideo();
    const ticket = await redeemTicket(uploadRedemptions, { ticketId, signature }, clock.now());
    if (ticket.contentType !== video.format.contentType) {
      throw new DomainError(
        'unsupported_media',
        'VIDEO_TYPE_MISMATCH',
        `文件是 ${video.format.extension.toUpperCase()} 视频，上传链接要的是 ${ticket.contentType}，请按文件类型重新获取上传链接`,
      );
    }
    const transfer = await storeVideo({ objectStore, durationReader }, ticket.key, video.format, video.body, maxBytes);
    await refuseUnpublishable(objectStore, transfer);
    return { storedUrl: transfer.stored.url, bytes: transfer.stored.bytes };
  };
}
