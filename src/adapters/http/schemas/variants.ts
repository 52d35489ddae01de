import { Type } from '@sinclair/typebox';
import { PRICING_LIMITS } from '../../../domain/pricing/pricing.ts';
import { PUBLISH_STATUSES } from '../../../domain/publishing/publish-task.ts';
import { MAX_SALE_STOCK } from '../../../domain/stock/stock.ts';
import { MAX_VARIANTS, VARIANT_OFFER_ID_MAX_LENGTH } from '../../../domain/variants/variant.ts';
import { literals, nullable, Uuid } from './common.ts';

/** A category attribute id as an object key (`"10096"`). */
const ATTRIBUTE_ID_KEY = '^[1-9][0-9]{0,11}$';

const AspectValue = Type.Object(
  {
    dictionary_value_id: Type.Optional(Type.Integer({ minimum: 1, description: '平台字典值 id' })),
    value: Type.String({ minLength: 1, maxLength: 500, description: '字典值的文字' }),
  },
  { additionalProperties: false },
);

/** `{"<attribute_id>": [{dictionary_value_id?, value}]}`: the variant's values of the category's aspect attributes. */
const Aspects = Type.Record(Type.String({ pattern: ATTRIBUTE_ID_KEY }), Type.Array(AspectValue, { maxItems: 30 }), {
  additionalProperties: false,
  maxProperties: 20,
  description: '规格属性（类目中 is_aspect 的属性）的值，键为属性 id',
});

/** A quantity for sale the seller types (docs/decisions.md, Stock): a whole number under the marketplace's million. */
export const SaleStock = Type.Integer({ minimum: 0, maximum: MAX_SALE_STOCK, description: '销售库存：0 到 999999 的整数' });
const Cost = Type.Number({ minimum: 0, maximum: 10_000_000 });
const WeightG = Type.Number({ exclusiveMinimum: 0, maximum: PRICING_LIMITS.weightG.max });

/** One variant as answered (docs/decisions.md, Variants). */
export const VariantBody = Type.Object({
  id: Uuid,
  seq: Type.Integer({ description: '款式序号（不复用），派生货号 {商品货号}-{seq} 用它' }),
  sku_id: nullable(Type.String()),
  label_zh: Type.String({ description: '款式名称（采集的中文）' }),
  label_ru: nullable(Type.String({ description: '俄文款式名（发送为属性 10097）' })),
  offer_id: nullable(Type.String({ description: '货号：卖家填的，否则为 {商品货号}-{序号}；商品没有货号时为 null' })),
  offer_id_pinned: Type.Boolean({ description: 'true：货号由卖家设定（或已发布），不再跟随商品货号' }),
  enabled: Type.Boolean(),
  cost_cny: nullable(Type.Number({ description: '自己的采购成本；null 沿用商品的' })),
  weight_g: nullable(Type.Number({ description: '自己的重量（克）；null 沿用商品的' })),
  price: nullable(Type.Number({ description: '按定价策略计算' })),
  old_price: nullable(Type.Number()),
  stock: nullable(Type.Integer({ description: '采集到的库存（来源页面）' })),
  sale_stock: nullable(Type.Integer({ description: '销售库存；null 使用店铺默认库存（不超过已知的采集库存）' })),
  barcode: Type.String(),
  image_asset_id: nullable(Type.String({ description: '款式图（本商品的图片）' })),
  aspects: Aspects,
  props: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), { description: '采集到的 SKU 属性，仅供参考' }),
  marketplace_product_id: nullable(Type.String()),
  status: literals(['draft', ...PUBLISH_STATUSES] as const),
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String(), level: Type.String(), field: Type.String(), attribute_id: Type.Integer() })),
});

/** One item of a PATCH's `variants`: with `id` only the fields carried change; without `id` it is a new variant. */
export const VariantEditBody = Type.Object(
  {
    id: Type.Optional(Uuid),
    sku_id: Type.Optional(nullable(Type.String({ maxLength: 128 }))),
    label_zh: Type.Optional(Type.String({ maxLength: 200 })),
    label_ru: Type.Optional(nullable(Type.String({ maxLength: 200 }))),
    offer_id: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: VARIANT_OFFER_ID_MAX_LENGTH, description: 'null：沿用 {商品货号}-{序号}' }))),
    enabled: Type.Optional(Type.Boolean()),
    cost_cny: Type.Optional(nullable(Cost)),
    weight_g: Type.Optional(nullable(WeightG)),
    stock: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 10_000_000 }))),
    sale_stock: Type.Optional(nullable(SaleStock)),
    barcode: Type.Optional(Type.String({ maxLength: 100 })),
    image_asset_id: Type.Optional(nullable(Uuid)),
    aspects: Type.Optional(Aspects),
    price: Type.Optional(nullable(Type.Number({ description: '忽略：价格总由服务器计算' }))),
    old_price: Type.Optional(nullable(Type.Number({ description: '忽略：由服务器计算' }))),
  },
  { additionalProperties: false },
);

export const VariantEdits = Type.Array(VariantEditBody, {
  maxItems: MAX_VARIANTS,
  description: '要保留的全部款式：带 id 的只改所带字段，不带 id 的为新款式，未列出的被删除',
});

/** One SKU of POST /materials (docs/decisions.md, Variants). */
export const MaterialSkuBody = Type.Object({
  skuId: Type.String({ minLength: 1, maxLength: 128 }),
  label: Type.String({ minLength: 1, maxLength: 200 }),
  priceCny: Type.Optional(Cost),
  stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  imageUrl: Type.Optional(Type.String({ minLength: 3, maxLength: 4096, pattern: '^\\s*(https?:)?//', description: 'http(s) 或 // 开头的款式图地址' })),
  props: Type.Optional(Type.Array(Type.Object({ name: Type.String({ maxLength: 100 }), value: Type.String({ maxLength: 500 }) }), { maxItems: 20 })),
});
export const MaterialSkus = Type.Array(MaterialSkuBody, { maxItems: MAX_VARIANTS, description: '商品的 SKU（最多 500 个），成为商品的款式' });
