/** What `put` answers: where the object now lives (`url` is the address to keep, see `storedUrlFor`). */
export type StoredObject = { readonly key: string; readonly url: string; readonly bytes: number; readonly contentType: string };

/** Where image bytes are kept and served from (local folder or an S3-compatible bucket). */
export interface ObjectStore {
  /** Stores the bytes under `key` (replacing any object there) and returns the address to keep (`storedUrlFor`). */
  put(key: string, body: Uint8Array, contentType: string): Promise<StoredObject>;
  /**
   * Like `put`, for bodies too big to hold (videos up to 100 MB): the chunks are written as they arrive and never
   * gathered in memory. A body that throws midway leaves no object under `key`.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<StoredObject>;
  /** The bytes under `key`, or undefined when there is no such object. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of `key` (absolute when a public base URL is configured), made from the settings now. */
  urlFor(key: string): string;
  /**
   * The address of `key` to keep in the database: on the local store `/media/<key>`, whatever PUBLIC_BASE_URL
   * is (the public address is made when read, so a changed setting fixes every picture); the bucket's URL on S3.
   */
  storedUrlFor(key: string): string;
  /** The key behind a URL this store handed out (kept or public form), or undefined when the URL is not one of ours. */
  keyFromUrl(url: string): string | undefined;
}
