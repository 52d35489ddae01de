import { type CategoryLanguage, type CategoryNode, type Marketplace } from '../ports/marketplace.ts';
import { type CachedLookup } from '../cached-lookup.ts';
import { type ShopAccess } from '../shop-access.ts';

export type GetCategoryTreeDeps = { readonly shopAccess: ShopAccess; readonly marketplace: Marketplace; readonly cachedLookup: CachedLookup };
export type GetCategoryTreeInput = { readonly shopId?: string | undefined; readonly language: CategoryLanguage };
export type GetCategoryTreeOutput = {
  readonly language: CategoryLanguage;
  readonly fetched_at: string;
  readonly stale: boolean;
  readonly categories: CategoryNode[];
};
export type GetCategoryTree = (input: GetCategoryTreeInput) => Promise<GetCategoryTreeOutput>;

/** The marketplace's category tree, cached globally per language (it does not depend on the shop). */
export function makeGetCategoryTree({ shopAccess, marketplace, cachedLookup }: GetCategoryTreeDeps): GetCategoryTree {
  return async ({ shopId, language }) => {
    const shop = await shopAccess.resolve(shopId);
    const result = await cachedLookup(`tree:${language}`, () => marketplace.categoryTree(shopAccess.credentialsOf(shop), language));
    return { language, fetched_at: result.fetched_at, stale: result.stale, categories: result.value };
  };
}
