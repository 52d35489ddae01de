import { Type, type Static } from '@sinclair/typebox';
import { type SHOP_CURRENCIES, type SHOP_STATUSES } from '../../../domain/shops/shop.ts';
import { Timestamp } from './common.ts';
import { SaleStock } from './variants.ts';

/** A marketplace warehouse id (`/v2/warehouse/list`). */
export const WarehouseId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '平台仓库编号（/v2/warehouse/list）' });

export const ShopCurrency = Type.Union([Type.Literal('RUB'), Type.Literal('CNY')] satisfies { const: (typeof SHOP_CURRENCIES)[number] }[]);
const ShopStatus = Type.Union([Type.Literal('unverified'), Type.Literal('active'), Type.Literal('invalid')] satisfies {
  const: (typeof SHOP_STATUSES)[number];
}[]);
const ClientId = Type.String({ pattern: '^[1-9][0-9]{0,19}$', description: '卖家后台的数字 Client-Id' });
const ApiKey = Type.String({ minLength: 8, maxLength: 200, pattern: '^[\\x21-\\x7e]+$', description: 'API Key（只写，不会返回）' });
const ShopName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

/** The margin floor in percent (null turns it off); a margin of 100 % or more cannot be had. */
const MinMargin = Type.Union([Type.Null(), Type.Number({ minimum: 0, exclusiveMaximum: 100 })], {
  description: '最低利润率（%），低于它的商品会被标记并提醒；null 表示关闭',
});

export const CreateShopBody = Type.Object(
  { name: ShopName, client_id: ClientId, api_key: ApiKey, currency_code: Type.Optional({ ...ShopCurrency, default: 'RUB' }) },
  { additionalProperties: false },
);

export const UpdateShopBody = Type.Object(
  {
    name: Type.Optional(ShopName),
    currency_code: Type.Optional(ShopCurrency),
    client_id: Type.Optional(ClientId),
    api_key: Type.Optional(ApiKey),
    default_warehouse_id: Type.Optional(Type.Union([WarehouseId, Type.Null()], { description: '默认仓库：必须是本店铺的仓库；null 取消' })),
    default_stock: Type.Optional({ ...SaleStock, description: '默认库存：没有自己销售库存的商品按它发送' }),
    min_margin_percent: Type.Optional(MinMargin),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** A shop as clients see it: the key only masked. The schema is the allow-list that keeps the sealed key out. */
export const ShopBody = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    client_id: Type.String(),
    api_key_masked: Type.String({ description: '**** + 后 4 位' }),
    currency_code: ShopCurrency,
    status: ShopStatus,
    roles: Type.Array(Type.String()),
    key_expires_at: Type.Union([Timestamp, Type.Null()], { description: '平台给出的 API Key 到期时间' }),
    last_tested_at: Type.Union([Timestamp, Type.Null()]),
    default_warehouse_id: Type.Union([Type.Integer(), Type.Null()], { description: '库存默认发往的仓库' }),
    default_stock: Type.Integer({ description: '没有自己销售库存的商品的默认库存' }),
    min_margin_percent: Type.Union([Type.Number(), Type.Null()], { description: '最低利润率（%），null 表示关闭' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);
export type ShopBody = Static<typeof ShopBody>;

export const ShopListBody = Type.Object({ total: Type.Integer(), items: Type.Array(ShopBody) });

export const ShopTestBody = Type.Union([
  Type.Object({ ok: Type.Literal(true), status: Type.Literal('active'), roles: Type.Array(Type.String()), expires_at: Type.Union([Timestamp, Type.Null()]) }),
  Type.Object({ ok: Type.Literal(false), status: Type.Literal('invalid'), reason: Type.String(), detail: Type.String() }),
]);

const Counter = (description: string) =>
  Type.Object(
    {
      limit: Type.Integer({ description: '上限，-1 表示不限' }),
      usage: Type.Integer({ description: '已用' }),
      reset_at: Type.Union([Timestamp, Type.Null()], { description: '重置时间（UTC）' }),
    },
    { description },
  );

/** `/v4/product/info/limit` as the page shows it before publishing. */
export const ShopLimitsBody = Type.Object(
  {
    daily_create: Counter('每日新建商品额度'),
    daily_update: Counter('每日更新商品额度'),
    operation_limits: Type.Union(
      [
        Type.Object(
          {
            limit: Type.Integer({ description: '每分钟可处理的商品数' }),
            limit_type: Type.String({ description: '平台的限额类型，如 RATE_LIMIT_PER_MINUTE' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: '商品操作的每分钟限额；平台未报告时为 null' },
    ),
    total: Type.Object(
      {
        limit: Type.Integer({ description: '上限，-1 表示不限' }),
        usage: Type.Integer(),
        quota_by_category: Type.Array(
          Type.Object(
            {
              category_id: Type.Integer({ description: '平台类目 description_category_id' }),
              limit: Type.Integer({ description: '该类目可创建的商品数，-1 表示不限' }),
              usage: Type.Integer({ description: '该类目已创建的商品数' }),
            },
            { additionalProperties: false },
          ),
          { description: '按类目的商品额度（超出的新商品等待发送）' },
        ),
      },
      { description: '店铺商品总数额度' },
    ),
  },
  { additionalProperties: false },
);

export const WarehouseBody = Type.Object(
  {
    warehouse_id: Type.Integer(),
    name: Type.String(),
    is_rfbs: Type.Boolean({ description: 'rFBS 仓库' }),
    is_kgt: Type.Boolean({ description: '大件（КГТ）仓库：只收大件商品' }),
    status: Type.String({ description: '平台的仓库状态' }),
  },
  { additionalProperties: false },
);
export const WarehouseListBody = Type.Object({ items: Type.Array(WarehouseBody) });
