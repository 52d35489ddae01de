/** What the cache holds under a key: a JSON-serialisable value and when it was fetched. */
export type CachedEntry = { readonly value: unknown; readonly fetched_at: string };

/** A persisted cache of marketplace lookups that rarely change (category tree, attribute lists). */
export interface CategoryCache {
  /** The entry under `key`, however old, or undefined. */
  get(key: string): Promise<CachedEntry | undefined>;
  /** Stores (or replaces) the JSON-serialisable `value` under `key`. */
  put(key: string, value: unknown, fetchedAt: string): Promise<void>;
}
