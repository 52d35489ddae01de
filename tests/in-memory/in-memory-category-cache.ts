import { type CachedEntry, type CategoryCache } from '../../src/application/ports/category-cache.ts';

/**
 * The CategoryCache in memory; passes tests/contract/category-cache.test.ts. Values go through JSON as the table
 * keeps them, so a caller never shares an object with the cache.
 */
export function makeInMemoryCategoryCache(): CategoryCache & { readonly keys: () => string[] } {
  const entries = new Map<string, string>();
  return {
    async get(key) {
      const text = entries.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as CachedEntry);
    },
    async put(key, value, fetchedAt) {
      entries.set(key, JSON.stringify({ value, fetched_at: fetchedAt }));
    },
    keys: () => [...entries.keys()].sort(),
  };
}
