import { type CategoryAttribute, type CategoryNode, type Marketplace, type MarketplaceCredentials } from '../ports/marketplace.ts';
import { type TypePlacement, indexTypes, placeType } from '../../domain/publishing/category-tree.ts';
import { type DictionaryUse, dictionaryKey } from '../../domain/publishing/publish-category-checks.ts';
import { type Clock } from '../ports/clock.ts';
import { type CachedLookup, type LookupResult } from '../cached-lookup.ts';

/** The publish checks read the marketplace in Chinese: names in problems are then Chinese, and the page shares the cache. */
export const CHECK_LANGUAGE = 'ZH_HANS' as const;
/** Dictionary pages read (and cached) per attribute; larger dictionaries are confirmed entry by entry through search. */
export const DICTIONARY_PAGES = 5;
export const DICTIONARY_PAGE_SIZE = 2_000;
/** Fresh lookups are also kept parsed in memory this long: a pre-flight reads a few dozen, a bulk publish thousands. */
export const MEMO_MS = 60_000;
const MEMO_ENTRIES = 5_000;

type CachedDictionary = { readonly ids: number[]; readonly complete: boolean };
type Scope = { readonly categoryId: number; readonly typeId: number };

export type CategoryRules = {
  /** Whether the pair exists in the (cached) tree and takes new products. */
  placement(credentials: MarketplaceCredentials, scope: Scope): Promise<TypePlacement>;
  /** The (cached) characteristics of the category and type. */
  attributes(credentials: MarketplaceCredentials, scope: Scope): Promise<CategoryAttribute[]>;
  /** The `dictionaryKey`s of the uses found among their attributes' values. */
  knownValues(credentials: MarketplaceCredentials, scope: Scope, uses: readonly DictionaryUse[]): Promise<Set<string>>;
};

export type CategoryRulesDeps = { readonly marketplace: Marketplace; readonly cachedLookup: CachedLookup; readonly clock: Clock };

/**
 * The marketplace's category facts the publish checks need, all through the category cache. The tree index is
 * kept in memory per fetch, so a check does not re-read a tree of megabytes.
 */
export function makeCategoryRules({ marketplace, cachedLookup: persisted, clock }: CategoryRulesDeps): CategoryRules {
  const memo = new Map<string, { readonly until: number; readonly result: LookupResult<unknown> }>();
  /** The category cache with a short-lived parsed copy in front (stale answers are not kept: the next call retries). */
  const cachedLookup = async <T>(key: string, fetch: () => Promise<T>): Promise<LookupResult<T>> => {
    const now = clock.now().getTime();
    const hit = memo.get(key);
    if (hit && hit.until > now) return hit.result as LookupResult<T>;
    const result = await persisted(key, fetch);
    if (!result.stale) {
      memo.delete(key);
      memo.set(key, { until: now + MEMO_MS, result });
      if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    }
    return result;
  };
  let treeIndex: { fetchedAt: string; index: ReadonlyMap<string, boolean> } | undefined;

  const readDictionary = async (credentials: MarketplaceCredentials, scope: Scope, attributeId: number): Promise<CachedDictionary> => {
    const ids: number[] = [];
    let lastValueId = 0;
    for (let page = 0; page < DICTIONARY_PAGES; page++) {
      const answer = await marketplace.attributeValues(
        credentials,
        { ...scope, attributeId, language: CHECK_LANGUAGE },
        { limit: DICTIONARY_PAGE_SIZE, lastValueId },
      );
      ids.push(...answer.values.map((value) => value.id));
      if (!answer.hasNext || answer.values.length === 0) return { ids, complete: true };
      lastValueId = answer.values.at(-1)!.id;
    }
    return { ids, complete: false };
  };

  return {
    async placement(credentials, { categoryId, typeId }) {
      const tree = await cachedLookup<CategoryNode[]>(`tree:${CHECK_LANGUAGE}`, () => marketplace.categoryTree(credentials, CHECK_LANGUAGE));
      if (treeIndex?.fetchedAt !== tree.fetched_at) treeIndex = { fetchedAt: tree.fetched_at, index: indexTypes(tree.value) };
      return placeType(treeIndex.index, categoryId, typeId);
    },

    async attributes(credentials, scope) {
      const { categoryId, typeId } = scope;
      const key = `attributes:${categoryId}:${typeId}:${CHECK_LANGUAGE}`;
      return (await cachedLookup(key, () => marketplace.categoryAttributes(credentials, { categoryId, typeId, language: CHECK_LANGUAGE }))).value;
    },

    async knownValues(credentials, scope, uses) {
      const known = new Set<string>();
      for (const attributeId of new Set(uses.map((use) => use.attributeId))) {
        const key = `dictionary:${scope.categoryId}:${scope.typeId}:${attributeId}`;
        const { value: dictionary } = await cachedLookup(key, () => readDictionary(credentials, scope, attributeId));
        const ids = new Set(dictionary.ids);
        for (const use of uses.filter((candidate) => candidate.attributeId === attributeId)) {
          if (ids.has(use.valueId)) known.add(dictionaryKey(attributeId, use.valueId));
          else if (!dictionary.complete && use.text.trim().length < 2)
            known.add(dictionaryKey(attributeId, use.valueId)); // cannot be confirmed here: the marketplace judges
          else if (!dictionary.complete) {
            const found = await marketplace.searchAttributeValues(credentials, { ...scope, attributeId, language: CHECK_LANGUAGE }, use.text.trim(), 100);
            if (found.some((value) => value.id === use.valueId)) known.add(dictionaryKey(attributeId, use.valueId));
          }
        }
      }
      return known;
    },
  };
}
