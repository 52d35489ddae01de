import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type CategoryLanguage } from '../../../application/ports/marketplace.ts';
import { type GetAttributeValues } from '../../../application/use-cases/get-attribute-values.ts';
import { type GetCategoryAttributes } from '../../../application/use-cases/get-category-attributes.ts';
import { type GetCategoryTree } from '../../../application/use-cases/get-category-tree.ts';
import { withErrors } from '../schemas/common.ts';
import { AttributesBody, AttributesParams, AttributesQuery, TreeBody, TreeQuery, ValuesBody, ValuesParams, ValuesQuery } from '../schemas/categories.ts';

export type CategoryRouteDeps = {
  readonly getCategoryTree: GetCategoryTree;
  readonly getCategoryAttributes: GetCategoryAttributes;
  readonly getAttributeValues: GetAttributeValues;
};

const language = (lang: string | undefined): CategoryLanguage => (lang ?? 'RU').toUpperCase() as CategoryLanguage;
const tags = ['categories'];

/** /api/categories/*: the marketplace's category lookups, proxied with a shop's credentials (`shop_id` query). */
export const categoryRoutes =
  (deps: CategoryRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/categories/tree',
      { schema: { tags, summary: '平台类目树（全局缓存，每日刷新）', querystring: TreeQuery, response: withErrors({ 200: TreeBody }) } },
      async (request) => deps.getCategoryTree({ shopId: request.query.shop_id, language: language(request.query.lang) }),
    );

    app.get(
      '/categories/:category_id/attributes',
      {
        schema: {
          tags,
          summary: '类目属性（按类目与类型缓存）',
          params: AttributesParams,
          querystring: AttributesQuery,
          response: withErrors({ 200: AttributesBody }),
        },
      },
      async (request) =>
        deps.getCategoryAttributes({
          shopId: request.query.shop_id,
          categoryId: request.params.category_id,
          typeId: request.query.type_id,
          language: language(request.query.lang),
        }),
    );

    app.get(
      '/categories/attribute/:attribute_id/values',
      {
        schema: {
          tags,
          summary: '属性值字典（分页；q 时走平台搜索）',
          params: ValuesParams,
          querystring: ValuesQuery,
          response: withErrors({ 200: ValuesBody }),
        },
      },
      async (request) => {
        const { query } = request;
        return deps.getAttributeValues({
          shopId: query.shop_id,
          attributeId: request.params.attribute_id,
          categoryId: query.category_id,
          typeId: query.type_id,
          language: language(query.lang),
          q: query.q,
          limit: query.limit,
          lastValueId: query.last_value_id,
        });
      },
    );
  };
