import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { newProduct, type Product } from '../../../src/domain/catalog/product.ts';
import { type TestApp } from '../../helpers/test-app.ts';

/** A stored product (the products routes belong to another feature; the repository is the contract here). */
export async function insertProduct(test: TestApp, fields: Partial<Product> = {}): Promise<Product> {
  const product = newProduct({ id: test.container.cradle.ids.uuid(), stage: 'editing', source_platform: '1688', ...fields }, new Date().toISOString());
  await test.container.cradle.products.insert(product);
  return product;
}

/** A photo-like test image: a coloured product shape on grey, so references are recognisable in outputs. */
export async function productPhoto(colour = { r: 200, g: 30, b: 30 }, size = { width: 800, height: 800 }): Promise<Buffer> {
  const shape = await sharp({ create: { width: Math.round(size.width / 2), height: Math.round(size.height / 2), channels: 3, background: colour } })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, channels: 3, background: { r: 120, g: 120, b: 120 } } })
    .composite([{ input: shape, gravity: 'centre' }])
    .jpeg()
    .toBuffer();
}

/** Puts an image in the app's object store and answers its stored URL. */
export async function storeImage(test: TestApp, key: string, bytes: Uint8Array): Promise<string> {
  return (await test.container.cradle.objectStore.put(key, bytes, 'image/jpeg')).url;
}

export type SuiteBody = {
  id: string;
  status: string;
  total: number;
  images: { type_id: string; name: string; url: string; status: string; error: string | null }[];
  error: string | null;
};

/** Polls GET /suites/{id} until the job is final (done, partial, failed). */
export async function waitForSuite(test: TestApp, id: string, limitMs = 60_000): Promise<SuiteBody> {
  const until = Date.now() + limitMs;
  for (;;) {
    const response = await test.app.inject({ method: 'GET', url: `/api/suites/${id}`, headers: test.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json<SuiteBody>();
    if (['done', 'partial', 'failed'].includes(body.status)) return body;
    if (Date.now() > until) throw new Error(`suite ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Names and contents of a zip's entries (stored or deflated), read from its central directory. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Stores a real image and records it as a stored asset of the product (as intake would have). */
export async function addProductImage(
  test: TestApp,
  productId: string,
  bytes: Uint8Array,
  group: 'main' | 'sku' | 'detail' = 'main',
  index = 0,
): Promise<string> {
  const { objectStore, assets, ids, clock } = test.container.cradle;
  const id = ids.uuid();
  const stored = await objectStore.put(`products/${productId}/${id}.jpg`, bytes, 'image/jpeg');
  const now = clock.now().toISOString();
  await assets.insertMany([
    {
      asset_id: id,
      product_id: productId,
      group_key: group,
      group_name: group,
      variant_name: null,
      type: 'img',
      index,
      dedupe_key: `k-${id}`,
      source_url: `https://cbu01.alicdn.com/img/${id}.jpg`,
      referer: 'https://detail.1688.com',
      stored_url: stored.url,
      status: 'stored',
      error: null,
      attempts: 1,
      content_type: 'image/jpeg',
      bytes: bytes.byteLength,
      width: 800,
      height: 800,
      sha256: null,
      created_at: now,
      updated_at: now,
    },
  ]);
  return id;
}

/** A product photo that looks like one: a chrome bathroom shelf with two rails on a light studio background. */
export async function shelfPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900">
  <defs><linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9edf2"/><stop offset="0.5" stop-color="#9aa3ad"/><stop offset="1" stop-color="#d5dae0"/></linearGradient></defs>
  <rect width="900" height="900" fill="#f4f4f2"/>
  <rect x="150" y="300" width="600" height="40" rx="12" fill="url(#m)"/>
  <rect x="150" y="520" width="600" height="40" rx="12" fill="url(#m)"/>
  <rect x="170" y="250" width="28" height="360" rx="10" fill="#8d96a0"/><rect x="702" y="250" width="28" height="360" rx="10" fill="#8d96a0"/>
  <rect x="260" y="200" width="70" height="100" rx="14" fill="#5aa9e6"/><rect x="360" y="170" width="60" height="130" rx="14" fill="#f2a65a"/>
  <rect x="520" y="440" width="120" height="80" rx="18" fill="#7bc47f"/><circle cx="300" cy="480" r="40" fill="#e56b6f"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A contact sheet of stored suite images (for the screenshots): `columns` across, each tile 300×400. */
export async function contactSheet(images: readonly Buffer[], columns = 5): Promise<Buffer> {
  const tiles = await Promise.all(images.map((bytes) => sharp(bytes).resize(300, 400).png().toBuffer()));
  const rows = Math.ceil(tiles.length / columns);
  return sharp({ create: { width: columns * 310 + 10, height: rows * 410 + 10, channels: 3, background: '#d9dde3' } })
    .composite(tiles.map((input, index) => ({ input, left: 10 + (index % columns) * 310, top: 10 + Math.floor(index / columns) * 410 })))
    .png()
    .toBuffer();
}
