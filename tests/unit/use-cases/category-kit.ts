import { makeAesGcmSecretBox } from '../../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { makeCachedLookup } from '../../../src/application/cached-lookup.ts';
import {
  type AttributeScope,
  type AttributeValue,
  type CategoryLanguage,
  type CategoryNode,
  type Marketplace,
} from '../../../src/application/ports/marketplace.ts';
import { makeShopAccess, shopKeyContext } from '../../../src/application/shop-access.ts';
import { newShop, recordShopTest, type Shop } from '../../../src/domain/shops/shop.ts';
import { type ShopLimits } from '../../../src/domain/shops/shop-limits.ts';
import { makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryCategoryCache } from '../../in-memory/in-memory-category-cache.ts';
import { makeInMemoryShopRepository } from '../../in-memory/in-memory-shop-repository.ts';

// Made once: deriving a box's key is deliberately slow, and a box holds no state.
const SECRET_BOX = makeAesGcmSecretBox('unit-test-secret');

/** A marketplace call as the stand-in saw it: the method, the key it was made with, and what it asked. */
export type MarketplaceCall = { readonly method: string; readonly apiKey: string; readonly args: unknown };

/** A category tree of one enabled and one closed branch: 17027904/970895715 is open, 17028922/94765 closed above the type. */
export const TREE: CategoryNode[] = [
  {
    description_category_id: 17027904,
    category_name: 'Хранение',
    disabled: false,
    children: [{ type_id: 970895715, type_name: 'Коробка', disabled: false, children: [] }],
  },
  {
    description_category_id: 17028922,
    category_name: 'Архив',
    disabled: true,
    children: [{ type_id: 94765, type_name: 'Ящик', disabled: false, children: [] }],
  },
];

export const LIMITS: ShopLimits = {
  daily_create: { limit: 1000, usage: 10, reset_at: '2026-11-26T00:00:00Z' },
  daily_update: { limit: 2000, usage: 0, reset_at: '2026-11-26T00:00:00Z' },
  operation_limits: { limit: 1000, limit_type: 'RATE_LIMIT_PER_MINUTE' },
  total: { limit: -1, usage: 120, quota_by_category: [] },
};

const entry = (id: number): AttributeValue => ({ id, value: `Значение ${id}`, info: '', picture: '' });

/**
 * The category lookups on the in-memory shop repository (real AES-GCM box, real shop access) and category cache
 * behind the real cached lookup. The marketplace stand-in answers the category reads from `market` (the tree, and
 * a dictionary of ids 1…`dictionarySize` per attribute) and records every call; `market.down` makes it fail.
 */
export function categoryKit() {
  const shops = makeInMemoryShopRepository();
  const shopAccess = makeShopAccess({ shops, secretBox: SECRET_BOX });
  const clock = makeTestClock();
  const categoryCache = makeInMemoryCategoryCache();
  const cachedLookup = makeCachedLookup({ categoryCache, clock });
  const calls: MarketplaceCall[] = [];
  const market = { tree: TREE, dictionarySize: 30, down: false, limits: LIMITS };
  const answer = <T>(method: string, apiKey: string, args: unknown, value: () => T): Promise<T> => {
    calls.push({ method, apiKey, args });
    return market.down ? Promise.reject(new Error('ECONNRESET')) : Promise.resolve(structuredClone(value()));
  };
  const dictionary = (): AttributeValue[] => Array.from({ length: market.dictionarySize }, (_, i) => entry(i + 1));
  const stub: Pick<Marketplace, 'categoryTree' | 'categoryAttributes' | 'attributeValues' | 'searchAttributeValues' | 'productLimits'> = {
    categoryTree: (credentials, language) => answer('categoryTree', credentials.apiKey, { language }, () => market.tree),
    categoryAttributes: (credentials, scope) =>
      answer('categoryAttributes', credentials.apiKey, scope, () => [
        {
          id: 85,
          name: `Бренд ${scope.language}`,
          description: '',
          type: 'String',
          is_required: true,
          is_collection: false,
          is_aspect: false,
          dictionary_id: 28732849,
          category_dependent: false,
          group_id: 0,
          group_name: '',
          attribute_complex_id: 0,
          max_value_count: 0,
          complex_is_collection: false,
        },
      ]),
    attributeValues: (credentials, scope: AttributeScope, page) =>
      answer('attributeValues', credentials.apiKey, { ...scope, ...page }, () => {
        const after = dictionary().filter((value) => value.id > page.lastValueId);
        return { values: after.slice(0, page.limit), hasNext: after.length > page.limit };
      }),
    searchAttributeValues: (credentials, scope, query, limit) =>
      answer('searchAttributeValues', credentials.apiKey, { ...scope, query, limit }, () =>
        dictionary()
          .filter((value) => value.value.includes(query))
          .slice(0, limit),
      ),
    productLimits: (credentials) => answer('productLimits', credentials.apiKey, {}, () => market.limits),
  };
  const marketplace = stub as Marketplace;

  /** Stores a shop whose key is `key-<id>`, verified (`active`) unless told otherwise. */
  const givenShop = async (id: string, active = true): Promise<Shop> => {
    const made = newShop(
      { id, name: id, client_id: '1', api_key_sealed: SECRET_BOX.seal(`key-${id}`, shopKeyContext(id)), api_key_last4: id.slice(-4), currency_code: 'RUB' },
      clock.iso(),
    );
    const shop = active ? recordShopTest(made, { ok: true, roles: [], expires_at: null }, clock.iso()) : made;
    await shops.insert(shop);
    return shop;
  };
  const callsOf = (method: string) => calls.filter((call) => call.method === method);
  const languages = (method: string): CategoryLanguage[] => callsOf(method).map((call) => (call.args as { language: CategoryLanguage }).language);

  return { shops, shopAccess, clock, categoryCache, cachedLookup, calls, callsOf, languages, market, marketplace, givenShop };
}

export type CategoryKit = ReturnType<typeof categoryKit>;
