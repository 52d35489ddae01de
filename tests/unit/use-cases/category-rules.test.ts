import { describe, expect, it } from 'vitest';
import { CATEGORY_CACHE_TTL_MS, makeCachedLookup } from '../../../src/application/cached-lookup.ts';
import { type CategoryCache } from '../../../src/application/ports/category-cache.ts';
import { CHECK_LANGUAGE, DICTIONARY_PAGE_SIZE, DICTIONARY_PAGES, makeCategoryRules, MEMO_MS } from '../../../src/application/use-cases/category-rules.ts';
import { categoryKit, type CategoryKit, TREE } from './category-kit.ts';

const OPEN = { categoryId: 17027904, typeId: 970895715 };
const CREDENTIALS = { clientId: '1', apiKey: 'key-check' };

/** The category rules over the kit's marketplace and cache, with every read of the persisted cache counted. */
function rulesOf(kit: CategoryKit) {
  const reads: string[] = [];
  const counted: CategoryCache = {
    get: (key) => (reads.push(key), kit.categoryCache.get(key)),
    put: (key, value, at) => kit.categoryCache.put(key, value, at),
  };
  const rules = makeCategoryRules({
    marketplace: kit.marketplace,
    cachedLookup: makeCachedLookup({ categoryCache: counted, clock: kit.clock }),
    clock: kit.clock,
  });
  return { rules, reads };
}

describe('category rules: placement and attributes', () => {
  it('places a pair as open, closed (under a closed category) or unknown, from one tree read in Chinese', async () => {
    const kit = categoryKit();
    const { rules } = rulesOf(kit);
    expect(await rules.placement(CREDENTIALS, OPEN)).toBe('ok');
    expect(await rules.placement(CREDENTIALS, { categoryId: 17028922, typeId: 94765 })).toBe('disabled');
    expect(await rules.placement(CREDENTIALS, { categoryId: 17027904, typeId: 94765 })).toBe('unknown');
    expect(kit.callsOf('categoryTree').map((call) => [call.apiKey, call.args])).toEqual([['key-check', { language: CHECK_LANGUAGE }]]);
  });

  it('keeps a fresh lookup parsed for a minute, then reads the cache again; a new tree is indexed anew', async () => {
    const kit = categoryKit();
    const { rules, reads } = rulesOf(kit);
    await rules.placement(CREDENTIALS, OPEN);
    kit.clock.advance(MEMO_MS - 1);
    await rules.placement(CREDENTIALS, OPEN);
    expect(reads).toEqual([`tree:${CHECK_LANGUAGE}`]);
    kit.clock.advance(1);
    await rules.placement(CREDENTIALS, OPEN);
    expect([reads.length, kit.callsOf('categoryTree').length]).toEqual([2, 1]);
    kit.market.tree = [{ ...TREE[0]!, disabled: true }];
    kit.clock.advance(CATEGORY_CACHE_TTL_MS);
    expect(await rules.placement(CREDENTIALS, OPEN)).toBe('disabled');
  });

  it('does not keep a stale answer: while the marketplace is down every check tries it again', async () => {
    const kit = categoryKit();
    const { rules } = rulesOf(kit);
    await rules.placement(CREDENTIALS, OPEN);
    kit.clock.advance(CATEGORY_CACHE_TTL_MS);
    kit.market.down = true;
    expect(await rules.placement(CREDENTIALS, OPEN)).toBe('ok');
    expect(await rules.placement(CREDENTIALS, OPEN)).toBe('ok');
    expect(kit.callsOf('categoryTree')).toHaveLength(3);
  });

  it('reads a pair’s characteristics in Chinese, once', async () => {
    const kit = categoryKit();
    const { rules } = rulesOf(kit);
    expect((await rules.attributes(CREDENTIALS, OPEN)).map((attribute) => attribute.name)).toEqual(['Бренд ZH_HANS']);
    await rules.attributes(CREDENTIALS, OPEN);
    expect(kit.callsOf('categoryAttributes').map((call) => call.args)).toEqual([{ ...OPEN, language: CHECK_LANGUAGE }]);
    expect(kit.categoryCache.keys()).toEqual([`attributes:${OPEN.categoryId}:${OPEN.typeId}:${CHECK_LANGUAGE}`]);
  });
});

describe('category rules: dictionary values', () => {
  const use = (valueId: number, text = `Значение ${valueId}`, attributeId = 85) => ({ attributeId, valueId, text });

  it('confirms values against a whole dictionary read page by page once per attribute, then from the cache', async () => {
    const kit = categoryKit();
    kit.market.dictionarySize = DICTIONARY_PAGE_SIZE + 10;
    const { rules } = rulesOf(kit);
    const known = await rules.knownValues(CREDENTIALS, OPEN, [use(5), use(2005), use(2011), use(7, 'x', 4180)]);
    expect([...known].sort()).toEqual(['4180:7', '85:2005', '85:5']);
    const pages = kit.callsOf('attributeValues').map((call) => call.args as { attributeId: number; lastValueId: number; limit: number; language: string });
    expect(pages.map((page) => [page.attributeId, page.lastValueId, page.limit, page.language])).toEqual([
      [85, 0, DICTIONARY_PAGE_SIZE, CHECK_LANGUAGE],
      [85, DICTIONARY_PAGE_SIZE, DICTIONARY_PAGE_SIZE, CHECK_LANGUAGE],
      [4180, 0, DICTIONARY_PAGE_SIZE, CHECK_LANGUAGE],
      [4180, DICTIONARY_PAGE_SIZE, DICTIONARY_PAGE_SIZE, CHECK_LANGUAGE],
    ]);
    await rules.knownValues(CREDENTIALS, OPEN, [use(6)]);
    expect(kit.calls).toHaveLength(4);
    expect(kit.callsOf('searchAttributeValues')).toEqual([]);
  });

  it('past the pages it reads, confirms a value by searching its trimmed text, and trusts one too short to search', async () => {
    const kit = categoryKit();
    kit.market.dictionarySize = DICTIONARY_PAGES * DICTIONARY_PAGE_SIZE + 500;
    const { rules } = rulesOf(kit);
    const far = DICTIONARY_PAGES * DICTIONARY_PAGE_SIZE;
    const uses = [use(3), use(far + 200, ` Значение ${far + 200} `), use(far + 300, 'Нечто другое'), use(far + 400, ' я ')];
    const known = await rules.knownValues(CREDENTIALS, OPEN, uses);
    expect([...known].sort()).toEqual([`85:${far + 200}`, `85:${far + 400}`, '85:3']);
    expect(kit.callsOf('attributeValues')).toHaveLength(DICTIONARY_PAGES);
    const searches = kit.callsOf('searchAttributeValues').map((call) => call.args as { query: string; limit: number });
    expect(searches.map((search) => [search.query, search.limit])).toEqual([
      [`Значение ${far + 200}`, 100],
      ['Нечто другое', 100],
    ]);
  });
});
