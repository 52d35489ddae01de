import type { AttributeValues, CategoryAttribute, CategoryAttributes, CategoryTree } from '../api/marketplace-types.ts';
import { type App, once } from '../app.ts';
import { formatTime } from '../lib/format.ts';
import { type TypeEntry, indexTypes } from './category-index.ts';

/** The tree in both languages, indexed for search, with when the service last fetched it from the marketplace. */
export type TypeIndex = { readonly types: readonly TypeEntry[]; readonly fetchedAt: string; readonly stale: boolean };

const indexes = new Map<string, () => Promise<TypeIndex>>();
const attributeCache = new Map<string, () => Promise<CategoryAttributes>>();

/** The category tree of a shop, in Chinese (the tree method's `ZH_HANS`) and Russian, kept for the page's lifetime. */
export function typeIndex(app: App, shopId: string): Promise<TypeIndex> {
  let load = indexes.get(shopId);
  if (!load) {
    load = once(async () => {
      const tree = (lang: string): Promise<CategoryTree> =>
        app.api.json<CategoryTree>('/api/categories/tree', { query: { lang, shop_id: shopId }, timeoutMs: 60_000 });
      const [zh, ru] = await Promise.all([tree('ZH_HANS'), tree('RU')]);
      const older = zh.fetched_at < ru.fetched_at ? zh.fetched_at : ru.fetched_at;
      return { types: indexTypes(zh.categories, ru.categories), fetchedAt: older, stale: zh.stale || ru.stale };
    });
    indexes.set(shopId, load);
  }
  return load();
}

/** A type's attributes with Chinese names where the marketplace has them. */
export function categoryAttributes(app: App, shopId: string, categoryId: number, typeId: number): Promise<CategoryAttributes> {
  const key = `${shopId}:${categoryId}:${typeId}`;
  let load = attributeCache.get(key);
  if (!load) {
    load = once(() =>
      app.api.json<CategoryAttributes>(`/api/categories/${categoryId}/attributes`, { query: { type_id: typeId, lang: 'ZH_HANS', shop_id: shopId } }),
    );
    attributeCache.set(key, load);
  }
  return load();
}

export type ValueQuery = { readonly shopId: string; readonly categoryId: number; readonly typeId: number; readonly attributeId: number };

/**
 * Dictionary values in Russian (what is sent must hold no Chinese): the first page without `q`, the
 * marketplace's search with it.
 */
export function attributeValues(app: App, query: ValueQuery, q: string, limit = 30): Promise<AttributeValues> {
  return app.api.json<AttributeValues>(`/api/categories/attribute/${query.attributeId}/values`, {
    query: { category_id: query.categoryId, type_id: query.typeId, shop_id: query.shopId, q: q || undefined, limit },
  });
}

/** "类目数据更新于 2026-11-25 09:00（平台暂不可用，显示的是缓存）" */
export const refreshedText = (what: string, fetchedAt: string, stale: boolean): string =>
  `${what}更新于 ${formatTime(fetchedAt)}${stale ? '（平台暂时不可用，显示的是上次缓存）' : ''}`;

/** The category's aspect attributes and how to look their values up (null until a shop and a category are chosen). */
export type AspectSource = { readonly query: Omit<ValueQuery, 'attributeId'>; readonly attributes: readonly CategoryAttribute[] } | null;
