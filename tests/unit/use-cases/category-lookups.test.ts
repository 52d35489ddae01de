import { describe, expect, it } from 'vitest';
import { CATEGORY_CACHE_TTL_MS } from '../../../src/application/cached-lookup.ts';
import { makeGetAttributeValues, SEARCH_LIMIT } from '../../../src/application/use-cases/get-attribute-values.ts';
import { makeGetCategoryAttributes } from '../../../src/application/use-cases/get-category-attributes.ts';
import { makeGetCategoryTree } from '../../../src/application/use-cases/get-category-tree.ts';
import { makeGetShopLimits } from '../../../src/application/use-cases/get-shop-limits.ts';
import { categoryKit, type CategoryKit, LIMITS, TREE } from './category-kit.ts';

const treeOf = (kit: CategoryKit) => makeGetCategoryTree(kit);
const attributesOf = (kit: CategoryKit) => makeGetCategoryAttributes(kit);
const valuesOf = (kit: CategoryKit) => makeGetAttributeValues(kit);
const SCOPE = { attributeId: 85, categoryId: 17027904, typeId: 970895715, language: 'RU' as const };

describe('get category tree', () => {
  it('reads the tree with the single active shop’s key when no shop is named, and keeps it a day per language', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    await kit.givenShop('shop-new', false);
    const fetchedAt = kit.clock.iso();
    expect(await treeOf(kit)({ language: 'RU' })).toEqual({ language: 'RU', fetched_at: fetchedAt, stale: false, categories: TREE });
    kit.clock.advance(CATEGORY_CACHE_TTL_MS - 1);
    expect(await treeOf(kit)({ language: 'RU' })).toMatchObject({ fetched_at: fetchedAt, stale: false });
    await treeOf(kit)({ language: 'ZH_HANS' });
    expect(kit.calls.map((call) => [call.method, call.apiKey])).toEqual([
      ['categoryTree', 'key-shop-a'],
      ['categoryTree', 'key-shop-a'],
    ]);
    expect(kit.languages('categoryTree')).toEqual(['RU', 'ZH_HANS']);
    expect(kit.categoryCache.keys()).toEqual(['tree:RU', 'tree:ZH_HANS']);
  });

  it('the tree is the same for every shop: a named shop reads the tree another shop cached', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    await kit.givenShop('shop-b');
    await treeOf(kit)({ shopId: 'shop-a', language: 'RU' });
    expect((await treeOf(kit)({ shopId: 'shop-b', language: 'RU' })).categories).toEqual(TREE);
    expect(kit.callsOf('categoryTree').map((call) => call.apiKey)).toEqual(['key-shop-a']);
  });

  it('refreshes after a day, and serves the old tree marked stale when the marketplace is down', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    const first = await treeOf(kit)({ language: 'RU' });
    kit.clock.advance(CATEGORY_CACHE_TTL_MS);
    kit.market.down = true;
    expect(await treeOf(kit)({ language: 'RU' })).toEqual({ ...first, stale: true });
    kit.market.down = false;
    kit.market.tree = [];
    expect(await treeOf(kit)({ language: 'RU' })).toEqual({ language: 'RU', fetched_at: kit.clock.iso(), stale: false, categories: [] });
    kit.market.down = true;
    await expect(treeOf(kit)({ language: 'EN' })).rejects.toThrow('ECONNRESET');
  });

  it('needs a shop: none or two active ones is SHOP_REQUIRED (422), an unknown id SHOP_NOT_FOUND (404)', async () => {
    const kit = categoryKit();
    await expect(treeOf(kit)({ language: 'RU' })).rejects.toMatchObject({ code: 'SHOP_REQUIRED', kind: 'invalid' });
    await kit.givenShop('shop-a');
    await kit.givenShop('shop-b');
    await expect(treeOf(kit)({ language: 'RU' })).rejects.toMatchObject({ code: 'SHOP_REQUIRED', detail: expect.stringContaining('多个') });
    await expect(treeOf(kit)({ shopId: 'shop-x', language: 'RU' })).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND', kind: 'not_found' });
    expect(kit.calls).toEqual([]);
  });
});

describe('get category attributes', () => {
  it('answers a category and type’s characteristics, cached per category, type and language', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    const read = (typeId: number, language: 'RU' | 'ZH_HANS') => attributesOf(kit)({ categoryId: 17027904, typeId, language });
    const answer = await read(970895715, 'RU');
    expect(answer).toMatchObject({ description_category_id: 17027904, type_id: 970895715, fetched_at: kit.clock.iso(), stale: false });
    expect(answer.attributes.map((attribute) => [attribute.id, attribute.name])).toEqual([[85, 'Бренд RU']]);
    await read(970895715, 'RU');
    await read(970895715, 'ZH_HANS');
    await read(94765, 'RU');
    expect(kit.callsOf('categoryAttributes').map((call) => call.args)).toEqual([
      { categoryId: 17027904, typeId: 970895715, language: 'RU' },
      { categoryId: 17027904, typeId: 970895715, language: 'ZH_HANS' },
      { categoryId: 17027904, typeId: 94765, language: 'RU' },
    ]);
  });
});

describe('get attribute values', () => {
  it('pages a dictionary after the last value id, saying whether more follow', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    expect(await valuesOf(kit)({ ...SCOPE, limit: 20, lastValueId: 0 })).toMatchObject({ has_next: true, last_value_id: 20 });
    const last = await valuesOf(kit)({ ...SCOPE, limit: 20, lastValueId: 20 });
    expect([last.values.map((value) => value.id), last.has_next, last.last_value_id]).toEqual([[21, 22, 23, 24, 25, 26, 27, 28, 29, 30], false, 30]);
    expect(await valuesOf(kit)({ ...SCOPE, limit: 20, lastValueId: 30 })).toEqual({ values: [], has_next: false, last_value_id: null });
    expect(kit.callsOf('attributeValues')).toHaveLength(3);
  });

  it('searches with the trimmed text, at most 100 entries in one page; blank text pages instead', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    const found = await valuesOf(kit)({ ...SCOPE, q: '  Значение 2 ', limit: 500, lastValueId: 0 });
    expect(found.values.map((value) => value.id)).toEqual([2, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    expect([found.has_next, found.last_value_id]).toEqual([false, null]);
    expect(kit.callsOf('searchAttributeValues')[0]!.args).toMatchObject({ query: 'Значение 2', limit: SEARCH_LIMIT });
    await valuesOf(kit)({ ...SCOPE, q: '   ', limit: 5, lastValueId: 0 });
    expect(kit.calls.map((call) => call.method)).toEqual(['searchAttributeValues', 'attributeValues']);
  });

  it('refuses a one-character search (422) without asking the marketplace', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    const refusal = { code: 'QUERY_TOO_SHORT', kind: 'invalid', problems: [{ path: 'querystring:/q', message: '至少 2 个字符' }] };
    await expect(valuesOf(kit)({ ...SCOPE, q: ' я ', limit: 5, lastValueId: 0 })).rejects.toMatchObject(refusal);
    expect(kit.calls).toEqual([]);
  });
});

describe('get shop limits', () => {
  it('asks the marketplace each time with the named shop’s key (quotas move with every publish)', async () => {
    const kit = categoryKit();
    await kit.givenShop('shop-a');
    await kit.givenShop('shop-b', false);
    const getShopLimits = makeGetShopLimits(kit);
    expect(await getShopLimits('shop-b')).toEqual(LIMITS);
    kit.market.limits = { ...LIMITS, daily_create: { ...LIMITS.daily_create, usage: 11 } };
    expect((await getShopLimits('shop-b')).daily_create.usage).toBe(11);
    expect(kit.callsOf('productLimits').map((call) => call.apiKey)).toEqual(['key-shop-b', 'key-shop-b']);
    await expect(getShopLimits('shop-x')).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
  });
});
