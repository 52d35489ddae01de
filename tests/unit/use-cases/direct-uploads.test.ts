import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeSharpImageNormaliser } from '../../../src/adapters/images/sharp-image-normaliser.ts';
import { makeLocalDirectUploads } from '../../../src/adapters/storage/local-direct-uploads.ts';
import { makeIssueUploadToken, UPLOAD_TICKET_TTL_MS } from '../../../src/application/use-cases/issue-upload-token.ts';
import { makeReceiveDirectUpload } from '../../../src/application/use-cases/receive-direct-upload.ts';
import { makeReceiveDirectVideo } from '../../../src/application/use-cases/receive-direct-video.ts';
import { makeMp4boxDurationReader } from '../../../src/adapters/images/mp4box-duration-reader.ts';
import { tinyMp4 } from '../../fakes/tiny-mp4.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryObjectStore } from '../../in-memory/in-memory-object-store.ts';
import { makeInMemoryUploadTicketStore } from '../../in-memory/in-memory-upload-ticket-store.ts';

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Signed uploads as the local store makes them (HMAC over an in-memory ticket store), into an in-memory object store. */
function uploadKit() {
  const clock = makeTestClock(new Date().toISOString());
  const ids = makeSequentialIds();
  const objectStore = makeInMemoryObjectStore('https://app.example.com');
  const directUploads = makeLocalDirectUploads({
    tickets: makeInMemoryUploadTicketStore(),
    secret: 'unit',
    publicBaseUrl: 'https://app.example.com',
    urlFor: (key) => objectStore.storedUrlFor(key),
  });
  const issue = makeIssueUploadToken({ directUploads, ids, clock, checksVideos: true });
  const receiveVideo = makeReceiveDirectVideo({
    uploadRedemptions: directUploads,
    objectStore,
    durationReader: makeMp4boxDurationReader(),
    clock,
    maxBytes: 64 * 1024,
  });
  const receiveUpload = makeReceiveDirectUpload({
    uploadRedemptions: directUploads,
    objectStore,
    imageNormaliser: makeSharpImageNormaliser(),
    clock,
    receiveVideo,
  });
  /** A PUT whose whole body arrives as one chunk, its length declared. */
  const receive = ({ body, ...target }: { ticketId: string; signature: string; body: Uint8Array }) =>
    receiveUpload({ ...target, body: oneChunk(body), declaredBytes: body.byteLength });
  /** The ticket id and signature a client would PUT to. */
  const target = (uploadUrl: string) => {
    const url = new URL(uploadUrl);
    return { ticketId: url.pathname.split('/').pop()!, signature: url.searchParams.get('sig')! };
  };
  return { clock, ids, objectStore, issue, receive, receiveUpload, receiveVideo, target, directUploads };
}

const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );

describe('direct uploads', () => {
  it('issues a 15-minute URL for a fresh key under uploads/, with the extension of the type', async () => {
    const kit = uploadKit();
    const ticket = await kit.issue({ contentType: 'image/webp' });
    expect(ticket).toMatchObject({ method: 'PUT', storedUrl: `/media/uploads/${kit.ids.nth(1)}.webp` });
    expect(Date.parse(ticket.expiresAt) - kit.clock.now().getTime()).toBe(UPLOAD_TICKET_TTL_MS);
  });

  it('stores image bytes once under the ticket’s key; a second PUT is 409 and a forged one 401', async () => {
    const kit = uploadKit();
    const ticket = await kit.issue({ contentType: 'image/jpeg' });
    const { ticketId, signature } = kit.target(ticket.uploadUrl);
    const body = await jpeg();
    await expect(kit.receive({ ticketId, signature: `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`, body })).rejects.toMatchObject({
      code: 'UPLOAD_URL_INVALID',
    });
    expect(await kit.receive({ ticketId, signature, body })).toEqual({ storedUrl: ticket.storedUrl, bytes: body.byteLength });
    expect(kit.objectStore.keys()).toEqual([`uploads/${kit.ids.nth(1)}.jpg`]);
    await expect(kit.receive({ ticketId, signature, body })).rejects.toMatchObject({ code: 'UPLOAD_URL_USED' });
  });

  it('refuses bytes that are not an image before spending the ticket, and an expired ticket', async () => {
    const kit = uploadKit();
    const ticket = await kit.issue({ contentType: 'image/jpeg' });
    const { ticketId, signature } = kit.target(ticket.uploadUrl);
    await expect(kit.receive({ ticketId, signature, body: new TextEncoder().encode('<html>not an image</html>') })).rejects.toMatchObject({
      code: 'IMAGE_UNSUPPORTED',
    });
    expect(kit.objectStore.keys()).toEqual([]);
    kit.clock.advance(UPLOAD_TICKET_TTL_MS + 1);
    await expect(kit.receive({ ticketId, signature, body: await jpeg() })).rejects.toMatchObject({ code: 'UPLOAD_URL_EXPIRED' });
    expect(kit.objectStore.keys()).toEqual([]);
  });

  it('keeps an image ticket to the image cap: a longer declared body is refused unread, an undeclared one after the cap, the URL unspent', async () => {
    const kit = uploadKit();
    const ticket = await kit.issue({ contentType: 'image/jpeg' });
    const { ticketId, signature } = kit.target(ticket.uploadUrl);
    const image = await jpeg();
    const mebibyte = 1024 * 1024;
    let read = 0;
    /** A JPEG padded to 90 MB (sharp decodes it: the padding follows the end marker), counting what is read of it. */
    async function* padded(): AsyncGenerator<Uint8Array> {
      read += image.byteLength;
      yield image;
      for (let chunk = 0; chunk < 90; chunk += 1) {
        read += mebibyte;
        yield new Uint8Array(mebibyte);
      }
    }
    const refusal = { code: 'FILE_TOO_LARGE', kind: 'too_large', detail: '上传的图片超过 20 MB 上限', problems: [{ path: '/file' }] };
    await expect(kit.receiveUpload({ ticketId, signature, body: padded(), declaredBytes: image.byteLength + 90 * mebibyte })).rejects.toMatchObject(refusal);
    expect(read).toBe(0);
    await expect(kit.receiveUpload({ ticketId, signature, body: padded() })).rejects.toMatchObject(refusal);
    expect(read).toBeLessThanOrEqual(20 * mebibyte + image.byteLength + mebibyte);
    expect(kit.objectStore.keys()).toEqual([]);
    expect(await kit.receive({ ticketId, signature, body: image })).toEqual({ storedUrl: ticket.storedUrl, bytes: image.byteLength });
  });

  it('streams a video under its ticket; no MP4/MOV leaves the ticket unspent, the other format or a refused duration keeps nothing', async () => {
    const kit = uploadKit();
    const ticket = await kit.issue({ contentType: 'video/mp4' });
    expect(ticket.storedUrl).toBe(`/media/uploads/${kit.ids.nth(1)}.mp4`);
    const { ticketId, signature } = kit.target(ticket.uploadUrl);
    const chunked = (bytes: Uint8Array) =>
      (async function* () {
        for (let at = 0; at < bytes.byteLength; at += 5) yield bytes.subarray(at, at + 5); // the head arrives in pieces too
      })();
    await expect(kit.receiveVideo({ ticketId, signature, body: chunked(await jpeg()) })).rejects.toMatchObject({
      code: 'VIDEO_NOT_RECOGNISED',
      kind: 'unsupported_media',
    });
    const video = tinyMp4({ durationMs: 10_000, mdatBytes: 2_000 });
    expect(await kit.receiveVideo({ ticketId, signature, body: chunked(video) })).toEqual({ storedUrl: ticket.storedUrl, bytes: video.byteLength });
    expect(Buffer.from((await kit.objectStore.get(`uploads/${kit.ids.nth(1)}.mp4`))!).equals(video)).toBe(true);
    await expect(kit.receiveVideo({ ticketId, signature, body: chunked(video) })).rejects.toMatchObject({ code: 'UPLOAD_URL_USED' });

    const refusals: [Uint8Array, string][] = [
      [tinyMp4({ durationMs: 10_000, brand: 'qt  ' }), 'VIDEO_TYPE_MISMATCH'],
      [tinyMp4({ durationMs: 3_000 }), 'VIDEO_DURATION_OUT_OF_RANGE'],
      [tinyMp4({ durationMs: 10_000, mdatBytes: 64 * 1024 }), 'VIDEO_TOO_LARGE'],
    ];
    for (const [body, code] of refusals) {
      const next = kit.target((await kit.issue({ contentType: 'video/mp4' })).uploadUrl);
      await expect(kit.receiveVideo({ ...next, body: chunked(body) })).rejects.toMatchObject({ code });
    }
    expect(kit.objectStore.keys()).toEqual([`uploads/${kit.ids.nth(1)}.mp4`]);
  });

  it('issues no video upload URL where the store cannot check the bytes (presigned S3)', async () => {
    const kit = uploadKit();
    const s3Like = makeIssueUploadToken({ directUploads: kit.directUploads, ids: kit.ids, clock: kit.clock, checksVideos: false });
    await expect(s3Like({ contentType: 'video/quicktime' })).rejects.toMatchObject({ code: 'VIDEO_DIRECT_UPLOAD_UNSUPPORTED', kind: 'invalid' });
    await expect(s3Like({ contentType: 'image/png' })).resolves.toMatchObject({ method: 'PUT' });
  });
});
