import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyExtensionStore } from '../../src/adapters/persistence/kysely-extension-store.ts';
import { makeKyselyUploadTicketStore } from '../../src/adapters/persistence/kysely-upload-ticket-store.ts';
import { makeLocalDirectUploads } from '../../src/adapters/storage/local-direct-uploads.ts';
import { type UploadTicketStore } from '../../src/application/ports/direct-uploads.ts';
import { type ExtensionStore } from '../../src/application/ports/extension-store.ts';
import { DEFAULT_EXT_PROFILES } from '../../src/domain/intake/ext-profiles.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';
import { makeInMemoryExtensionStore } from '../in-memory/in-memory-extension-store.ts';
import { makeInMemoryUploadTicketStore } from '../in-memory/in-memory-upload-ticket-store.ts';

/** What every ExtensionStore guarantees; the tests share one store and follow one another. */
function testExtensionStoreContract(open: () => ExtensionStore): void {
  it('has no profiles until saved, then gives back the saved document', async () => {
    const store = open();
    expect(await store.profiles()).toBeUndefined();
    await store.saveProfiles(DEFAULT_EXT_PROFILES);
    const next = { version: 3, updated_at: '2026-11-21T00:00:00.000Z', profiles: [{ platform: 'ozon', match: ['*'], selectors: { title: 'h1' } }] };
    await store.saveProfiles(next);
    expect(await store.profiles()).toEqual(next);
  });

  it('pages logs newest first and keeps only the newest past the cap', async () => {
    const store = open();
    const batch = (at: string, from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${at}-${i}`, received_at: at, event: { n: from + i } }));
    await store.appendLogs(batch('2026-01-01T00:00:00.000Z', 0, 150), 1_000);
    await store.appendLogs(batch('2026-01-02T00:00:00.000Z', 150, 5), 100);
    const first = await store.listLogs(1, 3);
    expect(first.total).toBe(100);
    expect(first.items.map((item) => item.event.n)).toEqual([154, 153, 152]);
    const last = await store.listLogs(34, 3);
    expect(last.items.map((item) => item.event.n)).toEqual([55]);
  });

  it('keeps two batches received in the same millisecond in arrival order', async () => {
    const store = open();
    const at = '2026-01-03T00:00:00.000Z';
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `same-ms-${from + i}`, received_at: at, event: { n: 1000 + from + i } }));
    await store.appendLogs(batch(0, 3), 1_000);
    await store.appendLogs(batch(3, 2), 1_000);
    expect((await store.listLogs(1, 5)).items.map((item) => item.event.n)).toEqual([1004, 1003, 1002, 1001, 1000]);
  });
}

/** Signed single-use upload URLs over an UploadTicketStore (each test gets the store it names). */
function testSignedUploadsContract(tickets: () => UploadTicketStore): void {
  it('redeem once, refuse forged signatures and expired tickets', async () => {
    const uploads = makeLocalDirectUploads({ tickets: tickets(), secret: 'k', publicBaseUrl: 'https://app.example.com', urlFor: (key) => `/media/${key}` });
    const expires = new Date(Date.now() + 60_000);
    const ticket = await uploads.issue('uploads/a.jpg', 'image/jpeg', expires);
    expect(ticket.uploadUrl).toMatch(/^https:\/\/app\.example\.com\/uploads\//);
    const url = new URL(ticket.uploadUrl);
    const id = url.pathname.split('/').pop()!;
    const sig = url.searchParams.get('sig')!;
    // Change the first character: it carries 6 full bits (the last one of base64url only 4, and was 'A' 1 time in 16).
    const forged = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(await uploads.redeem(id, forged, new Date())).toBe('invalid');
    expect(await uploads.redeem('00000000-0000-4000-8000-000000000000', sig, new Date())).toBe('invalid');
    expect(await uploads.redeem(id, sig, new Date(expires.getTime() + 1))).toBe('expired');
    expect(await uploads.redeem(id, sig, new Date())).toEqual({ key: 'uploads/a.jpg', contentType: 'image/jpeg' });
    expect(await uploads.redeem(id, sig, new Date())).toBe('used');
  });

  it('forgets tickets a day after they expired', async () => {
    const uploads = makeLocalDirectUploads({ tickets: tickets(), secret: 'k', publicBaseUrl: undefined, urlFor: (key) => `/media/${key}` });
    const old = await uploads.issue('uploads/old.jpg', 'image/jpeg', new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
    const url = new URL(old.uploadUrl, 'http://app');
    await uploads.issue('uploads/new.jpg', 'image/jpeg', new Date(Date.now() + 60_000));
    expect(await uploads.redeem(url.pathname.split('/').pop()!, url.searchParams.get('sig')!, new Date())).toBe('invalid');
  });
}

describe('ExtensionStore on in-memory', () => {
  const store = makeInMemoryExtensionStore();
  testExtensionStoreContract(() => store);
});

describe('signed uploads on an in-memory ticket store', () => {
  const store = makeInMemoryUploadTicketStore();
  testSignedUploadsContract(() => store);
});

for (const database of testDatabases()) {
  describe(`intake persistence on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle.dispose());

    describe('ExtensionStore', () => testExtensionStoreContract(() => makeKyselyExtensionStore(handle.db)));

    describe('local signed uploads', () => testSignedUploadsContract(() => makeKyselyUploadTicketStore(handle.db)));
  });
}
