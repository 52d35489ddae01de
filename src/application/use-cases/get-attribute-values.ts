import { type AttributeScope, type AttributeValue, type Marketplace } from '../ports/marketplace.ts';
import { invalid } from '../../domain/common/errors.ts';
import { type ShopAccess } from '../shop-access.ts';

export type GetAttributeValuesDeps = { readonly shopAccess: ShopAccess; readonly marketplace: Marketplace };
export type GetAttributeValuesInput = AttributeScope & {
  readonly shopId?: string | undefined;
  /** Search text; when given the marketplace's search method answers (one page, at most 100). */
  readonly q?: string | undefined;
  readonly limit: number;
  readonly lastValueId: number;
};
export type GetAttributeValuesOutput = { readonly values: AttributeValue[]; readonly has_next: boolean; readonly last_value_id: number | null };
export type GetAttributeValues = (input: GetAttributeValuesInput) => Promise<GetAttributeValuesOutput>;

/** Marketplace search answers at most this many entries. */
export const SEARCH_LIMIT = 100;

/** A page of an attribute's dictionary, or the entries matching `q`. Not cached: pages and searches vary too much. */
export function makeGetAttributeValues({ shopAccess, marketplace }: GetAttributeValuesDeps): GetAttributeValues {
  return async ({ shopId, q, limit, lastValueId, ...scope }) => {
    const shop = await shopAccess.resolve(shopId);
    const credentials = shopAccess.credentialsOf(shop);
    const query = q?.trim();
    if (query !== undefined && query !== '') {
      if (query.length < 2) throw invalid('QUERY_TOO_SHORT', '搜索词至少需要 2 个字符', [{ path: 'querystring:/q', message: '至少 2 个字符' }]);
      const values = await marketplace.searchAttributeValues(credentials, scope, query, Math.min(limit, SEARCH_LIMIT));
      return { values, has_next: false, last_value_id: null };
    }
    const page = await marketplace.attributeValues(credentials, scope, { limit, lastValueId });
    return { values: page.values, has_next: page.hasNext, last_value_id: page.values.at(-1)?.id ?? null };
  };
}
