import { inflateRawSync } from 'node:zlib';
import { type Asset } from '../../src/domain/media/asset.ts';
import { type TestApp } from '../helpers/test-app.ts';

/** A tiny valid JPEG header + filler: enough for format sniffing. */
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(60).fill(7), 0xff, 0xd9]);

/** Stores one image in the object store and records it as a stored asset of the product. */
export async function addStoredImage(test: TestApp, productId: string, index = 0, groupKey: Asset['group_key'] = 'main'): Promise<Asset> {
  const { objectStore, assets, ids, clock } = test.container.cradle;
  const id = ids.uuid();
  const stored = await objectStore.put(`products/${productId}/${id}.jpg`, JPEG_BYTES, 'image/jpeg');
  const now = clock.now().toISOString();
  const asset: Asset = {
    asset_id: id,
    product_id: productId,
    group_key: groupKey,
    group_name: groupKey === 'main' ? '主图' : groupKey,
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
    bytes: JPEG_BYTES.byteLength,
    width: 800,
    height: 800,
    sha256: null,
    created_at: now,
    updated_at: now,
  };
  await assets.insertMany([asset]);
  return asset;
}

/** The body of a product a new user would fill in on the trial page. */
export const completeProduct = {
  name: 'Органайзер для кабелей',
  description: 'Прочный органайзер из силикона для проводов.',
  offer_id: 'ORG-001',
  weight: 300,
  depth: 100,
  width: 80,
  height: 30,
  pricing: { cost_cny: 20, fx_rate: 11.5 },
};

/** Parses a CSV body (RFC 4180 quoting) into rows of cells, BOM stripped. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

/** Reads a zip's entries (stored or deflated) through its central directory: name → bytes, in archive order. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + skip;
  }
  return files;
}
