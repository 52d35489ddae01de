import { describe, expect, it } from 'vitest';
import { CATEGORY_CACHE_TTL_MS, makeCachedLookup } from '../../src/application/cached-lookup.ts';
import { makeInMemoryCategoryCache } from '../in-memory/in-memory-category-cache.ts';

describe('cached lookup', () => {
  const setup = () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const lookup = makeCachedLookup({ categoryCache: makeInMemoryCategoryCache(), clock: { now: () => new Date(now) } });
    return { lookup, advance: (ms: number) => (now += ms) };
  };

  it('fetches once, serves from the cache for a day, then refreshes', async () => {
    const { lookup, advance } = setup();
    let fetches = 0;
    const fetch = async () => ({ version: ++fetches });
    expect(await lookup('tree:RU', fetch)).toMatchObject({ value: { version: 1 }, stale: false });
    advance(CATEGORY_CACHE_TTL_MS - 1);
    expect(await lookup('tree:RU', fetch)).toMatchObject({ value: { version: 1 } });
    advance(1);
    expect(await lookup('tree:RU', fetch)).toMatchObject({ value: { version: 2 }, fetched_at: '2026-11-22T10:00:00.000Z' });
  });

  it('lets concurrent callers share one fetch', async () => {
    const { lookup } = setup();
    let fetches = 0;
    const fetch = async () => {
      fetches += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [fetches];
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => lookup('attributes:1:2:RU', fetch)));
    expect(fetches).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r.value)))).toEqual(new Set(['[1]']));
  });

  it('serves an old entry marked stale when the refresh fails, and fails when there is none', async () => {
    const { lookup, advance } = setup();
    await lookup('tree:RU', async () => ['old']);
    advance(CATEGORY_CACHE_TTL_MS * 3);
    const failing = async (): Promise<string[]> => {
      throw new Error('marketplace down');
    };
    expect(await lookup('tree:RU', failing)).toMatchObject({ value: ['old'], stale: true });
    await expect(lookup('tree:EN', failing)).rejects.toThrow('marketplace down');
  });
});
