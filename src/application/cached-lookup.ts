import { type CategoryCache } from './ports/category-cache.ts';
import { type Clock } from './ports/clock.ts';

/** Category data changes rarely: entries are refreshed once they are a day old. */
export const CATEGORY_CACHE_TTL_MS = 24 * 3_600_000;

export type CachedLookupDeps = { readonly categoryCache: CategoryCache; readonly clock: Clock; readonly ttlMs?: number };
export type LookupResult<T> = { readonly value: T; readonly fetched_at: string; readonly stale: boolean };
/** Values must be JSON-serialisable; what comes back from the store is trusted to have the shape that was put. */
export type CachedLookup = <T>(key: string, fetch: () => Promise<T>) => Promise<LookupResult<T>>;

/**
 * Serves a persisted entry while it is fresh, refetches it when old; concurrent callers of one key share a
 * refresh. When the refresh fails an old entry is still served (marked stale) rather than failing the page.
 */
export function makeCachedLookup({ categoryCache, clock, ttlMs = CATEGORY_CACHE_TTL_MS }: CachedLookupDeps): CachedLookup {
  const inFlight = new Map<string, Promise<LookupResult<unknown>>>();

  const refresh = async (key: string, fetch: () => Promise<unknown>): Promise<LookupResult<unknown>> => {
    const cached = await categoryCache.get(key);
    const now = clock.now();
    if (cached && now.getTime() - Date.parse(cached.fetched_at) < ttlMs) return { ...cached, stale: false };
    try {
      const value = await fetch();
      const fetchedAt = now.toISOString();
      await categoryCache.put(key, value, fetchedAt);
      return { value, fetched_at: fetchedAt, stale: false };
    } catch (error) {
      if (cached) return { ...cached, stale: true };
      throw error;
    }
  };

  return async <T>(key: string, fetch: () => Promise<T>): Promise<LookupResult<T>> => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = refresh(key, fetch).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return (await pending) as LookupResult<T>;
  };
}
