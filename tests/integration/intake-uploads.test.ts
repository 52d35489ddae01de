import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CdnImages, makeCdnImages } from '../fakes/cdn.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

async function multipart(fields: Record<string, string>, file?: { bytes: Uint8Array; type: string; field?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field ?? 'file', new Blob([Buffer.from(file.bytes)], { type: file.type }), 'image.bin');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type') ?? '' } };
}

describe('uploads: POST /api/materials/bytes and direct upload URLs', () => {
  let t: TestApp;
  let images: CdnImages;
  let productId: string;

  beforeAll(async () => {
    images = await makeCdnImages();
    t = await startTestApp();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: t.auth,
      payload: {
        product: { id: null },
        source: { platform: '1688', itemId: 'u1', url: 'https://detail.1688.com/offer/u1.html', collectedAt: 1 },
        texts: [],
        images: [],
      },
    });
    productId = created.json().product_id;
  });
  afterAll(() => t?.close());

  const upload = async (fields: Record<string, string>, file?: { bytes: Uint8Array; type: string; field?: string }) => {
    const { payload, headers } = await multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers: { ...t.auth, ...headers }, payload });
  };

  it('stores an uploaded image at once, converted and filed under upload when asked', async () => {
    const response = await upload(
      { product_id: productId, meta: JSON.stringify({ groupKey: 'main', dedupeKey: 'login-only-1' }), group_key: 'upload' },
      { bytes: images.webp, type: 'image/webp' },
    );
    expect(response.statusCode).toBe(201);
    const { asset_id, status } = response.json();
    expect(status).toBe('stored');
    const asset = await t.container.cradle.assets.findById(asset_id);
    expect(asset).toMatchObject({ group_key: 'upload', status: 'stored', content_type: 'image/jpeg', width: 320, height: 240, dedupe_key: 'login-only-1' });
    const served = await t.app.inject({ method: 'GET', url: asset!.stored_url });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

    // The same dedupe key again keeps the stored asset instead of adding another.
    const again = await upload({ product_id: productId, meta: JSON.stringify({ dedupeKey: 'login-only-1' }) }, { bytes: images.png, type: 'image/png' });
    expect(again.json()).toEqual({ asset_id, status: 'stored' });
  });

  it('keeps the group from meta without group_key', async () => {
    const response = await upload(
      { product_id: productId, meta: JSON.stringify({ groupKey: 'sku', variantName: '红色' }) },
      { bytes: images.jpeg, type: 'image/jpeg' },
    );
    const asset = await t.container.cradle.assets.findById(response.json().asset_id);
    expect(asset).toMatchObject({ group_key: 'sku', variant_name: '红色', dedupe_key: expect.stringMatching(/^sha256:/) });
  });

  it('refuses what is not an image (415), too big (413), unknown products (404) and bad fields (422)', async () => {
    const html = await upload({ product_id: productId, meta: '{}' }, { bytes: new Uint8Array(Buffer.from('<svg onload=alert(1)>')), type: 'image/svg+xml' });
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('IMAGE_UNSUPPORTED');

    const big = new Uint8Array(20 * 1024 * 1024 + 10);
    big.set(images.jpeg.subarray(0, 3));
    const tooBig = await upload({ product_id: productId }, { bytes: big, type: 'image/jpeg' });
    expect(tooBig.statusCode, tooBig.body).toBe(413);

    const unknown = await upload({ product_id: '00000000-0000-4000-8000-000000000000' }, { bytes: images.jpeg, type: 'image/jpeg' });
    expect(unknown.statusCode).toBe(404);

    const badFields: Record<string, string>[] = [
      { product_id: 'nope' },
      { product_id: productId, meta: '{bad json' },
      { product_id: productId, meta: '{"groupKey":"generated"}' },
      { product_id: productId, group_key: 'main' },
    ];
    for (const fields of badFields) {
      const response = await upload(fields, { bytes: images.jpeg, type: 'image/jpeg' });
      expect(response.statusCode).toBe(422);
    }
    expect((await upload({ product_id: productId })).json().code).toBe('FILE_REQUIRED');
    expect((await upload({ product_id: productId }, { bytes: images.jpeg, type: 'image/jpeg', field: 'image' })).statusCode).toBe(422);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers: t.auth, payload: { product_id: productId } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('issues a signed single-use upload URL on the local store', async () => {
    const token = await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: { content_type: 'image/png' } });
    expect(token.statusCode).toBe(200);
    const ticket = token.json();
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    expect(ticket.upload_url).toMatch(/^\/uploads\/[0-9a-f-]+\?sig=/);
    expect(Date.parse(ticket.expires_at) - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const notImage = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: Buffer.from('not an image') });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.headers['x-content-type-options']).toBe('nosniff');
    // Magic bytes alone passed: an HTML page behind a PNG signature (or a JPEG one) was stored as an image.
    for (const magic of [images.png.subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff, 0xe0])]) {
      const polyglot = await t.app.inject({
        method: 'PUT',
        url: ticket.upload_url,
        headers: ticket.headers,
        payload: Buffer.concat([magic, Buffer.from('<html><script>alert(1)</script></html>')]),
      });
      expect(polyglot.statusCode).toBe(415);
      expect(polyglot.json().code).toBe('IMAGE_UNSUPPORTED');
    }
    // One character of the signature changed (to another one: a signature starting with `A` made this flaky).
    const forgedUrl = ticket.upload_url.replace(/sig=(.)/, (_: string, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    const forged = await t.app.inject({ method: 'PUT', url: forgedUrl, headers: ticket.headers, payload: images.png });
    expect(forged.statusCode).toBe(401);

    const put = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: images.png });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ stored_url: ticket.stored_url, bytes: images.png.byteLength });
    expect(put.headers['x-content-type-options']).toBe('nosniff');
    const served = await t.app.inject({ method: 'GET', url: ticket.stored_url });
    expect(served.rawPayload.equals(images.png)).toBe(true);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });

    const reused = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: images.png });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('UPLOAD_URL_USED');
  });

  it('answers 413 to a 90 MB image on its signed URL, declared or chunked, stores nothing and leaves the URL usable', async () => {
    const ticket = (await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: { content_type: 'image/jpeg' } })).json();
    // The reproduction: a real JPEG padded to 90 MB decodes, and the route took up to the video cap (100 MB) for it.
    const padded = Buffer.concat([images.jpeg, Buffer.alloc(90 * 1024 * 1024)]);
    const declared = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: padded });
    const chunked = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: Readable.from([padded]) });
    for (const answer of [declared, chunked]) {
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json()).toMatchObject({ code: 'FILE_TOO_LARGE', detail: '上传的图片超过 20 MB 上限', errors: [{ path: '/file' }] });
    }
    expect((await t.app.inject({ method: 'GET', url: ticket.stored_url })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: ticket.upload_url, headers: ticket.headers, payload: images.jpeg });
    expect(put.json()).toEqual({ stored_url: ticket.stored_url, bytes: images.jpeg.byteLength });
  });

  it('refuses an expired upload URL', async () => {
    const ticket = (await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: {} })).json();
    const url = new URL(ticket.upload_url, 'http://app');
    const ticketId = url.pathname.split('/').pop()!;
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await t.container.cradle.localUploads.redeem(ticketId, url.searchParams.get('sig')!, later)).toBe('expired');
    expect((await t.app.inject({ method: 'POST', url: '/api/image/upload-token', headers: t.auth, payload: { content_type: 'text/html' } })).statusCode).toBe(
      422,
    );
  });
});
