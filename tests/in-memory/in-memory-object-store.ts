import { type ObjectStore } from '../../src/application/ports/object-store.ts';

/** A key is relative segments, none empty, `.` or `..` (so it can never name a place outside the store). */
const validKey = (key: string): boolean => key !== '' && key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

/**
 * The ObjectStore in memory, serving under `/media/` (after `publicBaseUrl` when given) as the local store does;
 * passes tests/contract/object-store.test.ts.
 */
export function makeInMemoryObjectStore(publicBaseUrl?: string): ObjectStore & { readonly keys: () => string[] } {
  const objects = new Map<string, { body: Uint8Array; contentType: string }>();
  const storedUrlFor = (key: string): string => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
  const urlFor = (key: string): string => `${publicBaseUrl ?? ''}${storedUrlFor(key)}`;
  return {
    async put(key, body, contentType) {
      if (!validKey(key)) throw new Error(`invalid object key ${JSON.stringify(key)}`);
      objects.set(key, { body: new Uint8Array(body), contentType });
      return { key, url: storedUrlFor(key), bytes: body.byteLength, contentType };
    },
    async putStream(key, body, contentType) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      return this.put(key, Buffer.concat(chunks), contentType);
    },
    async get(key) {
      const object = objects.get(key);
      return object ? new Uint8Array(object.body) : undefined;
    },
    async delete(key) {
      objects.delete(key);
    },
    urlFor,
    storedUrlFor,
    keyFromUrl(address) {
      const url = publicBaseUrl && address.startsWith(publicBaseUrl) ? address.slice(publicBaseUrl.length) : address;
      if (!url.startsWith('/media/')) return undefined;
      try {
        const key = url.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
        return validKey(key) ? key : undefined;
      } catch {
        return undefined;
      }
    },
    keys: () => [...objects.keys()].sort(),
  };
}
