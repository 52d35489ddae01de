import { Type } from '@sinclair/typebox';
import { STOCK_SEND_STATUSES } from '../../../domain/stock/stock-send.ts';
import { literals, nullable, Timestamp, Uuid } from './common.ts';
import { WarehouseId } from './shops.ts';
import { SaleStock } from './variants.ts';

/** Most items one `POST /api/stock` sets (docs/decisions.md, Stock). */
export const STOCK_MAX_ITEMS = 1000;

export const WarehousesQuery = Type.Object(
  { refresh: Type.Optional(literals(['1', 'true', '0', 'false'] as const)) },
  { additionalProperties: false, description: 'refresh=1：不用缓存，重新向平台读取' },
);

export const SetStockBody = Type.Object(
  {
    shop_id: Uuid,
    warehouse_id: Type.Optional({ ...WarehouseId, description: '本店铺的仓库；不填用店铺的默认仓库' }),
    items: Type.Array(
      Type.Object(
        {
          product_id: Uuid,
          variant_id: Type.Optional(Uuid),
          stock: SaleStock,
        },
        { additionalProperties: false, description: '有款式的商品不填 variant_id 时设置全部启用的款式' },
      ),
      { minItems: 1, maxItems: STOCK_MAX_ITEMS },
    ),
  },
  { additionalProperties: false },
);

const StockStatus = literals(STOCK_SEND_STATUSES);

export const SetStockAnswer = Type.Object({
  items: Type.Array(
    Type.Object({
      product_id: Type.String(),
      variant_id: nullable(Type.String()),
      offer_id: Type.String(),
      warehouse_id: Type.Integer(),
      stock: Type.Integer(),
      status: literals(['waiting', 'not_created'] as const),
    }),
    { description: 'waiting：排队发送；not_created：平台尚未创建该商品，创建后自动发送' },
  ),
});

export const ProductStockAnswer = Type.Object({
  items: Type.Array(
    Type.Object({
      shop_id: Type.String(),
      warehouse_id: Type.Integer(),
      offer_id: Type.String(),
      variant_id: nullable(Type.String()),
      stock: Type.Integer({ description: '要发送（或已发送）的库存' }),
      status: StockStatus,
      sent_stock: nullable(Type.Integer({ description: '平台最后接受的库存' })),
      sent_at: nullable(Timestamp),
      errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String(), explanation: Type.String({ description: '中文说明' }) })),
      updated_at: Timestamp,
    }),
  ),
});
