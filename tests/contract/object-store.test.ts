import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ObjectStore } from '../../src/application/ports/object-store.ts';
import { makeLocalObjectStore } from '../../src/adapters/storage/local-object-store.ts';
import { makeS3DirectUploads, makeS3ObjectStore } from '../../src/adapters/storage/s3-object-store.ts';
import { type FakeS3, startFakeS3 } from '../fakes/s3.ts';
import { makeInMemoryObjectStore } from '../in-memory/in-memory-object-store.ts';

type Subject = { store: ObjectStore; dispose(): Promise<void> };

const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text));
const text = (body: Uint8Array | undefined): string | undefined => (body === undefined ? undefined : Buffer.from(body).toString());

const s3Options = (s3: FakeS3, publicBaseUrl?: string) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  publicBaseUrl,
  forcePathStyle: true,
});

const adapters: Record<string, () => Promise<Subject>> = {
  'local (relative URLs)': async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lws-store-'));
    return { store: makeLocalObjectStore({ root, publicBaseUrl: undefined }), dispose: async () => rmSync(root, { recursive: true, force: true }) };
  },
  'local (PUBLIC_BASE_URL)': async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lws-store-'));
    return {
      store: makeLocalObjectStore({ root, publicBaseUrl: 'https://shop.example.com' }),
      dispose: async () => rmSync(root, { recursive: true, force: true }),
    };
  },
  'in-memory (the unit tests’ store)': async () => ({ store: makeInMemoryObjectStore(), dispose: async () => undefined }),
  'in-memory (PUBLIC_BASE_URL)': async () => ({ store: makeInMemoryObjectStore('https://shop.example.com'), dispose: async () => undefined }),
  's3 (s3rver)': async () => {
    const s3 = await startFakeS3();
    return { store: makeS3ObjectStore(s3Options(s3)), dispose: () => s3.close() };
  },
  's3 (S3_PUBLIC_BASE_URL)': async () => {
    const s3 = await startFakeS3();
    return { store: makeS3ObjectStore(s3Options(s3, 'https://cdn.example.com/media')), dispose: () => s3.close() };
  },
};

for (const [name, open] of Object.entries(adapters)) {
  describe(`ObjectStore contract: ${name}`, () => {
    let subject: Subject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.dispose());

    it('stores a streamed body chunk by chunk, and keeps nothing when the body fails midway', async () => {
      const chunks = async function* (fail: boolean) {
        yield bytes('one,');
        yield bytes('two');
        if (fail) throw new Error('connection dropped');
      };
      const stored = await subject.store.putStream('products/p1/v.mp4', chunks(false), 'video/mp4');
      expect(stored).toMatchObject({ key: 'products/p1/v.mp4', bytes: 7, contentType: 'video/mp4', url: subject.store.storedUrlFor('products/p1/v.mp4') });
      expect(text(await subject.store.get('products/p1/v.mp4'))).toBe('one,two');
      await expect(subject.store.putStream('products/p1/w.mp4', chunks(true), 'video/mp4')).rejects.toThrow('connection dropped');
      expect(await subject.store.get('products/p1/w.mp4')).toBeUndefined();
    });

    it('gives back what was put, under a URL it recognises', async () => {
      const stored = await subject.store.put('products/p1/a.jpg', bytes('first'), 'image/jpeg');
      expect(stored).toMatchObject({ key: 'products/p1/a.jpg', bytes: 5, contentType: 'image/jpeg' });
      expect(stored.url).toBe(subject.store.storedUrlFor('products/p1/a.jpg'));
      expect(subject.store.keyFromUrl(stored.url)).toBe('products/p1/a.jpg');
      expect(subject.store.keyFromUrl(subject.store.urlFor('products/p1/a.jpg'))).toBe('products/p1/a.jpg');
      expect(text(await subject.store.get('products/p1/a.jpg'))).toBe('first');
    });

    it('keeps addresses that do not carry PUBLIC_BASE_URL (the public one is made when read)', async () => {
      const stored = await subject.store.put('products/p1/d.jpg', bytes('d'), 'image/jpeg');
      if (name.startsWith('s3')) expect(stored.url).toBe(subject.store.urlFor('products/p1/d.jpg'));
      else expect(stored.url).toBe('/media/products/p1/d.jpg');
    });

    it('replaces an object put twice', async () => {
      await subject.store.put('products/p1/b.jpg', bytes('old'), 'image/jpeg');
      await subject.store.put('products/p1/b.jpg', bytes('new'), 'image/jpeg');
      expect(text(await subject.store.get('products/p1/b.jpg'))).toBe('new');
    });

    it('answers undefined for a missing key and deletes idempotently', async () => {
      expect(await subject.store.get('products/none/x.jpg')).toBeUndefined();
      await subject.store.put('products/p1/c.jpg', bytes('c'), 'image/jpeg');
      await subject.store.delete('products/p1/c.jpg');
      await subject.store.delete('products/p1/c.jpg');
      expect(await subject.store.get('products/p1/c.jpg')).toBeUndefined();
    });

    it('keeps non-ASCII keys round-tripping through their URL', async () => {
      const key = 'suites/s1/01-纯棉T恤.jpg';
      const stored = await subject.store.put(key, bytes('zh'), 'image/jpeg');
      expect(subject.store.keyFromUrl(stored.url)).toBe(key);
      expect(text(await subject.store.get(key))).toBe('zh');
    });

    it('refuses keys that could escape and URLs that are not its own', async () => {
      for (const key of ['../etc/passwd', 'a/../../b', '/abs', '', 'a//b', 'a/./b']) {
        await expect(subject.store.put(key, bytes('x'), 'image/jpeg')).rejects.toThrow();
      }
      expect(subject.store.keyFromUrl('https://elsewhere.example.com/media/a.jpg')).toBeUndefined();
      expect(subject.store.keyFromUrl(`${subject.store.urlFor('a.jpg').replace('a.jpg', '')}..%2F..%2Fsecrets.json`)).toBeUndefined();
    });
  });
}

describe('S3 direct uploads (presigned PUT)', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  it('lets a client PUT the object straight into the bucket with the signed Content-Type', async () => {
    const uploads = makeS3DirectUploads(s3Options(s3));
    const ticket = await uploads.issue('uploads/u1.jpg', 'image/jpeg', new Date(Date.now() + 60_000));
    expect(ticket.method).toBe('PUT');
    expect(ticket.uploadUrl).toContain('X-Amz-Signature=');
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: Buffer.from('jpeg bytes') });
    expect(put.status).toBe(200);
    const store = makeS3ObjectStore(s3Options(s3));
    expect(text(await store.get('uploads/u1.jpg'))).toBe('jpeg bytes');
    expect(ticket.storedUrl).toBe(store.urlFor('uploads/u1.jpg'));
    const served = await fetch(ticket.storedUrl);
    expect(await served.text()).toBe('jpeg bytes');
  });
});
