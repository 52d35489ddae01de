import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type CreateShop } from '../../../application/use-cases/create-shop.ts';
import { type GetShopLimits } from '../../../application/use-cases/get-shop-limits.ts';
import { type GetShop } from '../../../application/use-cases/get-shop.ts';
import { type DeleteShop } from '../../../application/use-cases/delete-shop.ts';
import { type ListShops } from '../../../application/use-cases/list-shops.ts';
import { type TestShop } from '../../../application/use-cases/test-shop.ts';
import { type UpdateShop } from '../../../application/use-cases/update-shop.ts';
import { type Shop, maskApiKey } from '../../../domain/shops/shop.ts';
import { IdParams, PageQuery, withErrors } from '../schemas/common.ts';
import { CreateShopBody, ShopBody, ShopLimitsBody, ShopListBody, ShopTestBody, UpdateShopBody } from '../schemas/shops.ts';

export type ShopRouteDeps = {
  readonly listShops: ListShops;
  readonly getShop: GetShop;
  readonly createShop: CreateShop;
  readonly updateShop: UpdateShop;
  readonly deleteShop: DeleteShop;
  readonly testShop: TestShop;
  readonly getShopLimits: GetShopLimits;
};

/** Only these fields leave the service; the sealed key and its last four characters stay inside. */
export const toShopBody = (shop: Shop): ShopBody => ({
  id: shop.id,
  name: shop.name,
  client_id: shop.client_id,
  api_key_masked: maskApiKey(shop.api_key_last4),
  currency_code: shop.currency_code,
  status: shop.status,
  roles: [...shop.roles],
  key_expires_at: shop.key_expires_at,
  last_tested_at: shop.last_tested_at,
  default_warehouse_id: shop.default_warehouse_id,
  default_stock: shop.default_stock,
  min_margin_percent: shop.min_margin_percent,
  created_at: shop.created_at,
  updated_at: shop.updated_at,
});

const tags = ['shops'];

/** /api/shops: bind, list, change and remove marketplace shops, and test their credentials. */
export const shopRoutes =
  (deps: ShopRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/shops',
      { schema: { tags, summary: '店铺列表（不含 API Key）', querystring: Type.Object(PageQuery), response: withErrors({ 200: ShopListBody }) } },
      async (request) => {
        const { total, items } = await deps.listShops({ page: request.query.page, pageSize: request.query.page_size });
        return { total, items: items.map(toShopBody) };
      },
    );

    app.post(
      '/shops',
      {
        config: { role: 'admin', audit: 'shop_created' },
        schema: { tags, summary: '绑定店铺（API Key 加密保存）', body: CreateShopBody, response: withErrors({ 201: ShopBody }) },
      },
      async (request, reply) => {
        const { currency_code = 'RUB', ...rest } = request.body;
        return reply.status(201).send(toShopBody(await deps.createShop({ ...rest, currency_code })));
      },
    );

    app.get(
      '/shops/:id',
      { schema: { tags, summary: '单个店铺（不含 API Key）', params: IdParams, response: withErrors({ 200: ShopBody }) } },
      async (request) => toShopBody(await deps.getShop(request.params.id)),
    );

    app.get(
      '/shops/:id/limits',
      {
        schema: {
          tags,
          summary: '店铺的平台商品额度（每日新建、每日更新、总数）',
          description: '实时读取平台 /v4/product/info/limit；平台不可达时 502。',
          params: IdParams,
          response: withErrors({ 200: ShopLimitsBody }),
        },
      },
      async (request) => deps.getShopLimits(request.params.id),
    );

    app.patch(
      '/shops/:id',
      {
        config: { role: 'admin', audit: 'shop_updated' },
        schema: {
          tags,
          summary: '修改店铺名称、币种、默认仓库与默认库存、最低利润率，或更换 API Key',
          params: IdParams,
          body: UpdateShopBody,
          response: withErrors({ 200: ShopBody }),
        },
      },
      async (request) => toShopBody(await deps.updateShop({ id: request.params.id, ...request.body })),
    );

    app.delete(
      '/shops/:id',
      {
        config: { role: 'admin', audit: 'shop_deleted' },
        schema: { tags, summary: '删除店铺（有发布任务进行中时拒绝）', params: IdParams, response: withErrors({ 204: Type.Null() }) },
      },
      async (request, reply) => {
        await deps.deleteShop(request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/shops/:id/test',
      {
        config: { role: 'admin' },
        schema: { tags, summary: '测试店铺凭证（调用平台 /v1/roles，免费）', params: IdParams, response: withErrors({ 200: ShopTestBody }) },
      },
      async (request) => {
        const outcome = await deps.testShop(request.params.id);
        return outcome.ok
          ? { ok: true as const, status: 'active' as const, roles: [...outcome.roles], expires_at: outcome.expires_at }
          : { ok: false as const, status: 'invalid' as const, reason: outcome.reason, detail: outcome.detail };
      },
    );
  };
