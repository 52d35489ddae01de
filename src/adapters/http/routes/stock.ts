import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type GetProductStock } from '../../../application/stock/product-stock.ts';
import { type ListWarehouses } from '../../../application/stock/list-warehouses.ts';
import { type SetStock } from '../../../application/stock/set-stock.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { WarehouseListBody } from '../schemas/shops.ts';
import { ProductStockAnswer, SetStockAnswer, SetStockBody, WarehousesQuery } from '../schemas/stock.ts';
import { actorOf } from '../bearer.ts';

export type StockRouteDeps = {
  readonly listWarehouses: ListWarehouses;
  readonly setStock: SetStock;
  readonly getProductStock: GetProductStock;
};

/** Warehouses and stock on the marketplace (docs/decisions.md, Stock). */
export const stockRoutes =
  (deps: StockRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/shops/:id/warehouses',
      {
        schema: {
          tags: ['shops'],
          summary: '店铺的仓库（FBS、rFBS；来自平台 /v2/warehouse/list，有缓存）',
          description: '默认读缓存；?refresh=1 重新向平台读取；平台不可达时 502。',
          params: IdParams,
          querystring: WarehousesQuery,
          response: withErrors({ 200: WarehouseListBody }),
        },
      },
      async (request) => {
        const refresh = request.query.refresh === '1' || request.query.refresh === 'true';
        return { items: await deps.listWarehouses(request.params.id, { refresh }) };
      },
    );

    app.post(
      '/stock',
      {
        schema: {
          tags: ['stock'],
          summary: '设置销售库存并发送到仓库（1–1000 个商品或款式）',
          description:
            '先检查全部条目，有误时 422 且不做任何修改；通过后写入销售库存并排队发送（每对商品-仓库 30 秒内至多一次，每店每分钟至多 80 次请求，每次至多 100 对）。',
          body: SetStockBody,
          response: withErrors({ 202: SetStockAnswer }),
        },
      },
      async (request, reply) => reply.status(202).send(await deps.setStock({ ...request.body, actor: actorOf(request) })),
    );

    app.get(
      '/products/:id/stock',
      {
        schema: {
          tags: ['stock'],
          summary: '商品各货号在各仓库的库存发送情况（含平台错误的中文说明）',
          params: IdParams,
          response: withErrors({ 200: ProductStockAnswer }),
        },
      },
      async (request) => {
        const sends = await deps.getProductStock(request.params.id);
        return {
          items: sends.map(({ shop_id, warehouse_id, offer_id, variant_id, stock, status, sent_stock, sent_at, errors, updated_at }) => ({
            ...{ shop_id, warehouse_id, offer_id, variant_id, stock, status, sent_stock, sent_at, updated_at },
            errors: errors.map((error) => ({ ...error })),
          })),
        };
      },
    );
  };
