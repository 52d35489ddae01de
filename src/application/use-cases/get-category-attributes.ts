import { type CategoryAttribute, type CategoryLanguage, type Marketplace } from '../ports/marketplace.ts';
import { type CachedLookup } from '../cached-lookup.ts';
import { type ShopAccess } from '../shop-access.ts';

export type GetCategoryAttributesDeps = { readonly shopAccess: ShopAccess; readonly marketplace: Marketplace; readonly cachedLookup: CachedLookup };
export type GetCategoryAttributesInput = {
  readonly shopId?: string | undefined;
  readonly categoryId: number;
  readonly typeId: number;
  readonly language: CategoryLanguage;
};
export type GetCategoryAttributesOutput = {
  readonly description_category_id: number;
  readonly type_id: number;
  readonly fetched_at: string;
  readonly stale: boolean;
  readonly attributes: CategoryAttribute[];
};
export type GetCategoryAttributes = (input: GetCategoryAttributesInput) => Promise<GetCategoryAttributesOutput>;

/** The characteristics of a category and product type, cached per (category, type, language). */
export function makeGetCategoryAttributes({ shopAccess, marketplace, cachedLookup }: GetCategoryAttributesDeps): GetCategoryAttributes {
  return async ({ shopId, categoryId, typeId, language }) => {
    const shop = await shopAccess.resolve(shopId);
    const result = await cachedLookup(`attributes:${categoryId}:${typeId}:${language}`, () =>
      marketplace.categoryAttributes(shopAccess.credentialsOf(shop), { categoryId, typeId, language }),
    );
    return { description_category_id: categoryId, type_id: typeId, fetched_at: result.fetched_at, stale: result.stale, attributes: result.value };
  };
}
