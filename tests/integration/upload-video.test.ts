import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4, tinyMp4Head } from '../fakes/tiny-mp4.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const MAX_VIDEO_BYTES = 1024 * 1024;

type Part = { name: string; value: string } | { name: string; file: Buffer; type: string; filename: string };

/** A multipart body with the parts in the given order (a video's fields must come before its file). */
async function form(parts: readonly Part[]) {
  const data = new FormData();
  for (const part of parts) {
    if ('file' in part) data.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type }), part.filename);
    else data.append(part.name, part.value);
  }
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

for (const database of testDatabases()) {
  describe(`a seller's own video through POST /api/materials/bytes (${database.name})`, () => {
    let t: TestApp;
    let productId = '';
    const upload = async (file: Buffer, options: { type?: string; filename?: string; meta?: object; fileFirst?: boolean } = {}) => {
      const fields: Part[] = [
        { name: 'product_id', value: productId },
        { name: 'meta', value: JSON.stringify(options.meta ?? { type: 'video', groupName: '上传视频' }) },
      ];
      const filePart: Part = { name: 'file', file, type: options.type ?? 'video/mp4', filename: options.filename ?? 'clip.mp4' };
      const body = await form(options.fileFirst ? [filePart, ...fields] : [...fields, filePart]);
      return t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers: { ...t.auth, 'content-type': body.contentType }, payload: body.payload });
    };
    const assets = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/assets`, headers: t.auth })).json().items as Record<string, unknown>[];
    /** Every file under the product's media folder (a refused upload leaves none, not even a temp file). */
    const files = (): string[] => {
      const folder = path.join(t.dataDir, 'media', 'products', productId);
      return existsSync(folder) ? readdirSync(folder) : [];
    };

    beforeAll(async () => {
      t = await startTestApp({ database, env: { MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) } });
      const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: '自拍视频的商品' } });
      productId = created.json().id;
    });
    afterAll(() => t?.close());

    it('stores an MP4 and a MOV byte for byte as stored videos, with the duration from the file', async () => {
      const mp4 = tinyMp4({ durationMs: 12_500, mdatBytes: 300_000 });
      const first = await upload(mp4, { meta: { type: 'video', dedupeKey: 'own-clip' } });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ status: 'stored' });
      const mov = await upload(tinyMp4({ durationMs: 61_000, brand: 'qt  ' }), { type: 'video/quicktime', filename: 'clip.mov', meta: { groupKey: 'main' } });
      expect(mov.statusCode).toBe(201);

      const [clip, quicktime] = [first, mov].map((answer) => answer.json().asset_id as string);
      const byId = new Map((await assets()).map((asset) => [asset.asset_id, asset]));
      expect(byId.get(clip)).toMatchObject({
        type: 'video',
        group_key: 'upload',
        status: 'stored',
        content_type: 'video/mp4',
        bytes: mp4.byteLength,
        duration_ms: 12_500,
        source_url: '',
      });
      expect(byId.get(quicktime)).toMatchObject({ type: 'video', group_key: 'main', content_type: 'video/quicktime', duration_ms: 61_000 });
      const served = await t.app.inject({ method: 'GET', url: String(byId.get(clip)!.stored_url) });
      expect(served.rawPayload.equals(mp4)).toBe(true);
      // The bytes decide: a video sent under a picture's type and meta is still a video.
      const disguised = await upload(tinyMp4({ durationMs: 9_000 }), { type: 'image/jpeg', filename: 'a.jpg', meta: { type: 'img' } });
      expect((await assets()).find((asset) => asset.asset_id === disguised.json().asset_id)).toMatchObject({ type: 'video', content_type: 'video/mp4' });

      // The same file again under its dedupe key: the first copy is kept.
      const again = await upload(mp4, { meta: { type: 'video', dedupeKey: 'own-clip' } });
      expect(again.json()).toEqual({ asset_id: clip, status: 'stored' });
    });

    it('refuses what the marketplace would, in Chinese, and keeps nothing of it', async () => {
      const before = { assets: (await assets()).length, files: files().sort() };
      const cases = [
        { name: 'a JPEG named and typed as a video', answer: await upload(JPEG), status: 415, code: 'VIDEO_NOT_RECOGNISED', detail: /不是 MP4\/MOV/ },
        {
          name: 'a JPEG whose meta says video',
          answer: await upload(JPEG, { type: 'image/jpeg', filename: 'x.jpg' }),
          status: 415,
          code: 'VIDEO_NOT_RECOGNISED',
          detail: /不是 MP4\/MOV/,
        },
        {
          name: 'a 3-second video',
          answer: await upload(tinyMp4({ durationMs: 3_000 })),
          status: 422,
          code: 'VIDEO_DURATION_OUT_OF_RANGE',
          detail: /时长 3 秒.*8 秒到 5 分钟/,
        },
        {
          name: 'a 6-minute video',
          answer: await upload(tinyMp4({ durationMs: 360_000 })),
          status: 422,
          code: 'VIDEO_DURATION_OUT_OF_RANGE',
          detail: /时长 6 分 0 秒/,
        },
        {
          name: 'a video without a movie header',
          answer: await upload(tinyMp4Head({ durationMs: 10_000 }).subarray(0, 24)),
          status: 422,
          code: 'VIDEO_DURATION_UNREADABLE',
          detail: /读不出视频时长/,
        },
        {
          name: 'a video cut inside its media data (its movie header is whole)',
          answer: await upload(tinyMp4({ durationMs: 10_000, mdatBytes: 50_000 }).subarray(0, 30_000)),
          status: 422,
          code: 'VIDEO_CUT_SHORT',
          detail: /视频文件不完整/,
        },
        {
          name: 'a video over MAX_VIDEO_BYTES',
          answer: await upload(tinyMp4({ durationMs: 20_000, mdatBytes: MAX_VIDEO_BYTES + 1 })),
          status: 413,
          code: 'VIDEO_TOO_LARGE',
          detail: /视频超过 1 MB 上限/,
        },
        {
          name: 'the file before the fields',
          answer: await upload(tinyMp4({ durationMs: 20_000 }), { fileFirst: true }),
          status: 422,
          code: 'VIDEO_FIELDS_FIRST',
          detail: /之前/,
        },
      ];
      for (const { name, answer, status, code, detail } of cases) {
        expect(answer.statusCode, name).toBe(status);
        expect(answer.json(), name).toMatchObject({ code, detail: expect.stringMatching(detail) });
      }
      expect((await assets()).length).toBe(before.assets);
      expect(files().sort()).toEqual(before.files);
    });
    it('takes a video through the signed upload URL too, streamed, and refuses the same bad inputs there', async () => {
      const ticketFor = async (contentType: string) =>
        (await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: { content_type: contentType } })).json();
      const put = (ticket: { upload_url: string }, body: Buffer, contentType = 'video/mp4') =>
        t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: { 'content-type': contentType }, payload: body });
      const ticket = await ticketFor('video/mp4');
      expect(ticket.stored_url).toMatch(/\/media\/uploads\/[0-9a-f-]+\.mp4$/);
      const jpeg = await put(ticket, JPEG);
      expect(jpeg.statusCode).toBe(415);
      expect(jpeg.json()).toMatchObject({ code: 'VIDEO_NOT_RECOGNISED', detail: expect.stringMatching(/不是 MP4\/MOV/) });
      // The ticket decides, not the request's type: a JPEG sent as image/jpeg to a video URL was stored as .mp4.
      const typedAsJpeg = await put(ticket, JPEG, 'image/jpeg');
      expect(typedAsJpeg.statusCode).toBe(415);
      expect(typedAsJpeg.json()).toMatchObject({ code: 'VIDEO_NOT_RECOGNISED', errors: [{ path: '/file' }] });
      expect((await t.app.inject({ method: 'GET', url: ticket.stored_url })).statusCode).toBe(404);
      // The refused JPEG did not spend the URL.
      const video = tinyMp4({ durationMs: 15_000, mdatBytes: 50_000 });
      const stored = await put(ticket, video);
      expect(stored.json()).toEqual({ stored_url: ticket.stored_url, bytes: video.byteLength });
      const ranged = await t.app.inject({ method: 'GET', url: ticket.stored_url, headers: { range: 'bytes=0-11' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-type']).toBe('video/mp4');

      const bad: [Buffer, number, string][] = [
        [tinyMp4({ durationMs: 3_000 }), 422, 'VIDEO_DURATION_OUT_OF_RANGE'],
        [tinyMp4({ durationMs: 20_000, mdatBytes: MAX_VIDEO_BYTES + 1 }), 413, 'VIDEO_TOO_LARGE'],
        [tinyMp4({ durationMs: 20_000, brand: 'qt  ' }), 415, 'VIDEO_TYPE_MISMATCH'],
        [tinyMp4({ durationMs: 20_000, mdatBytes: 50_000 }).subarray(0, 30_000), 422, 'VIDEO_CUT_SHORT'],
      ];
      for (const [body, status, code] of bad) {
        const next = await ticketFor('video/mp4');
        const answer = await put(next, body);
        expect(answer.statusCode, code).toBe(status);
        expect(answer.json()).toMatchObject({ code, detail: expect.stringMatching(/[\u4e00-\u9fff]/) });
        expect((await t.app.inject({ method: 'GET', url: next.stored_url })).statusCode, code).toBe(404);
      }
      const uploads = path.join(t.dataDir, 'media', 'uploads');
      expect(readdirSync(uploads)).toEqual([path.basename(ticket.stored_url)]);
    });
  });
}
