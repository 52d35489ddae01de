import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { type CreateProduct } from '../../../application/use-cases/create-product.ts';
import { type DeleteProduct } from '../../../application/use-cases/delete-product.ts';
import { type GetProduct } from '../../../application/use-cases/get-product.ts';
import { type ListSortKey } from '../../../application/ports/product-repository.ts';
import { type ListProducts } from '../../../application/use-cases/list-products.ts';
import { type MoveProductStage } from '../../../application/use-cases/move-product-stage.ts';
import { type UpdateProduct } from '../../../application/use-cases/update-product.ts';
import { type ProductView } from '../../../application/view-product.ts';
import { invalid } from '../../../domain/common/errors.ts';
import { type Variant } from '../../../domain/variants/variant.ts';
import { productListJson } from '../product-list-json.ts';
import { type VariantBody } from '../schemas/variants.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import {
  DeleteQuery,
  IfMatchHeaders,
  ProductCreateBody,
  ProductDetail,
  ProductListQuery,
  ProductListResponse,
  ProductPatchBody,
  StageBody,
} from '../schemas/products.ts';
import { actorOf } from '../bearer.ts';

export type ProductRouteDeps = {
  readonly listProducts: ListProducts;
  readonly getProduct: GetProduct;
  readonly createProduct: CreateProduct;
  readonly updateProduct: UpdateProduct;
  readonly deleteProduct: DeleteProduct;
  readonly moveProductStage: MoveProductStage;
};

/** `If-Match: 3`, `"3"` or `W/"3"` → 3; `*` or no header → undefined (no version check). */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) throw invalid('INVALID_IF_MATCH', 'If-Match 需要商品的版本号（整数）', [{ path: 'headers:/if-match', message: '需要整数版本号' }]);
  return Number(match[1]);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * A list bound → ISO instant. A bare date is a whole UTC day: `updated_from=2026-11-24` starts at its midnight,
 * `updated_to=2026-11-24` includes the day (the bound is the next midnight, exclusive); a timestamp `updated_to`
 * includes its own millisecond.
 */
export function dateBound(value: string, field: 'updated_from' | 'updated_to', upper: boolean): string {
  const dateOnly = DATE_ONLY.test(value);
  const at = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  const valid = !Number.isNaN(at.getTime()) && (!dateOnly || at.toISOString().startsWith(value));
  const label = field === 'updated_from' ? '更新日期起点' : '更新日期终点';
  if (!valid) throw invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', [{ path: `querystring:/${field}`, message: `${label}不是有效的日期` }]);
  if (!upper) return at.toISOString();
  return new Date(at.getTime() + (dateOnly ? DAY_MS : 1)).toISOString();
}

/** A variant as answered: its inner lists copied (the serializer drops its internal fields: seq, pin, breakdown). */
export const variantBody = (variant: Variant): Static<typeof VariantBody> => ({
  ...variant,
  aspects: Object.fromEntries(Object.entries(variant.aspects).map(([id, values]) => [id, values.map((value) => ({ ...value }))])),
  props: variant.props.map((prop) => ({ ...prop })),
  errors: variant.errors.map((error) => ({ ...error })),
});

/** The detail body: the product as its use case answered it (who made and last changed it included). */
const detailBody = (view: ProductView): Static<typeof ProductDetail> => ({
  ...view,
  sources: view.sources.map((source) => ({ ...source })),
  variants: view.variants.map(variantBody),
  assets: view.assets.map(({ referer: _referer, ...asset }) => asset),
});

/** /products: list, detail, manual creation, autosave PATCH, soft/hard delete and stage moves. */
export const productRoutes =
  (deps: ProductRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/products',
      {
        schema: { tags: ['products'], summary: '商品列表（最近更新在前）', querystring: ProductListQuery, response: withErrors({ 200: ProductListResponse }) },
      },
      async (request, reply) => {
        const {
          stage,
          q,
          page,
          page_size: pageSize,
          platform,
          has_failed_assets: hasFailedAssets,
          updated_from,
          updated_to,
          sort,
          market_state,
          price_index,
          content_rating_max,
          real_margin_below,
          publish_mode,
        } = request.query;
        const output = await deps.listProducts({
          stage,
          q,
          page,
          pageSize,
          platform,
          hasFailedAssets,
          marketState: market_state,
          priceIndex: price_index,
          contentRatingMax: content_rating_max,
          realMarginBelow: real_margin_below,
          publishMode: publish_mode,
          updatedFrom: updated_from === undefined ? undefined : dateBound(updated_from, 'updated_from', false),
          updatedBefore: updated_to === undefined ? undefined : dateBound(updated_to, 'updated_to', true),
          sort: sort === undefined ? undefined : { key: sort.replace(/^-/, '') as ListSortKey, descending: sort.startsWith('-') },
        });
        // The schema's bytes, written without its per-value validators (product-list-json.ts).
        return reply.serializer(productListJson).send(output);
      },
    );

    app.get(
      '/products/:id',
      { schema: { tags: ['products'], summary: '商品详情（含分组与图片）', params: IdParams, response: withErrors({ 200: ProductDetail }) } },
      async (request, reply) => {
        const view = await deps.getProduct(request.params.id);
        return reply.header('etag', `"${view.version}"`).send(detailBody(view));
      },
    );

    app.post(
      '/products',
      { schema: { tags: ['products'], summary: '手动创建商品（阶段 editing）', body: ProductCreateBody, response: withErrors({ 201: ProductDetail }) } },
      async (request, reply) => {
        const { price: _price, old_price: _oldPrice, ...input } = request.body;
        const view = await deps.createProduct({ ...input, actor: actorOf(request) });
        return reply.status(201).header('etag', `"${view.version}"`).send(detailBody(view));
      },
    );

    app.patch(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: '自动保存：字段替换，分组按 JSON Merge Patch 合并；If-Match 版本过期返回 412',
          params: IdParams,
          headers: IfMatchHeaders,
          body: ProductPatchBody,
          response: withErrors({ 200: ProductDetail }),
        },
      },
      async (request, reply) => {
        const { price: _price, old_price: _oldPrice, ...changes } = request.body;
        const ifMatch = parseIfMatch(request.headers['if-match']);
        const view = await deps.updateProduct({ id: request.params.id, ifMatch, changes, actor: actorOf(request) });
        return reply.header('etag', `"${view.version}"`).send(detailBody(view));
      },
    );

    app.delete(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: '删除商品：默认归档；?hard=true 彻底删除从未发布的商品及其文件',
          params: IdParams,
          querystring: DeleteQuery,
          response: withErrors({ 204: Type.Null() }),
        },
      },
      async (request, reply) => {
        await deps.deleteProduct({ id: request.params.id, hard: request.query.hard, actor: actorOf(request) });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/products/:id/stage',
      {
        schema: {
          tags: ['products'],
          summary: '改变商品阶段；改为 ready 时执行就绪检查（失败 422 并列出各项）',
          params: IdParams,
          body: StageBody,
          response: withErrors({ 200: ProductDetail }),
        },
      },
      async (request, reply) => {
        const view = await deps.moveProductStage({ id: request.params.id, stage: request.body.stage, actor: actorOf(request) });
        return reply.header('etag', `"${view.version}"`).send(detailBody(view));
      },
    );
  };
