import { Type, type Static } from '@sinclair/typebox';
import { PLATFORMS } from '../../../domain/common/platform.ts';
import { PRICE_CURRENCIES, PRICING_LIMITS, TIER_CHOICES } from '../../../domain/pricing/pricing.ts';
import { STAGES } from '../../../domain/catalog/product.ts';
import { type JsonObject } from '../../../domain/common/json.ts';
import { AssetBody } from './assets.ts';
import { SaleStock, VariantBody, VariantEdits } from './variants.ts';
import { MarketStateSchema } from './market.ts';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
import { HttpUrl, ImageAddress, JsonObjectSchema, literals, nullable, PageQuery, Timestamp, Uuid } from './common.ts';

/** A free-form group: any JSON object (typed as the domain's JsonObject). */
const Group = Type.Unsafe<JsonObject>(JsonObjectSchema);

// Null first: Ajv's type coercion would otherwise turn a `null` (delete / unset) into 0 via the number branch.

export const StageSchema = literals(STAGES);
export const PlatformSchema = literals(PLATFORMS);
const Dimension = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Url = ImageAddress(4096);

/** `2026-11-24` or an ISO timestamp (`2026-11-24T10:00:00Z`); a bare date in UTC. */
const DateBound = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$', maxLength: 40 });
export const LIST_SORTS = ['updated_at', '-updated_at', 'created_at', '-created_at', 'price', '-price', 'name', '-name'] as const;

export const ProductListQuery = Type.Object(
  {
    stage: Type.Optional(StageSchema),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    platform: Type.Optional(literals([...PLATFORMS, 'manual'] as const)),
    has_failed_assets: Type.Optional(Type.Boolean()),
    updated_from: Type.Optional(DateBound),
    updated_to: Type.Optional(DateBound),
    sort: Type.Optional(literals(LIST_SORTS)),
    market_state: Type.Optional(MarketStateSchema),
    ...PageQuery,
  },
  { additionalProperties: false },
);

/** Who made and who last changed a product (docs/decisions.md, Accounts): user names, `app-token`; null before accounts. */
const Attribution = {
  created_by: Type.Optional(nullable(Type.String({ description: '创建人（用户名；应用令牌为 app-token）' }))),
  updated_by: Type.Optional(nullable(Type.String({ description: '最后修改人' }))),
};

const AssetCount = Type.Object({ main: Type.Integer(), sku: Type.Integer(), detail: Type.Integer() });

export const ProductSummary = Type.Object({
  id: Uuid,
  stage: StageSchema,
  name: Type.String(),
  offer_id: Type.String(),
  price: nullable(Type.Number()),
  source_platform: nullable(PlatformSchema),
  source_url: Type.String(),
  asset_count: AssetCount,
  failed_assets: Type.Integer({ description: '下载失败的图片数' }),
  thumbnail_url: nullable(Type.String({ description: '第一张已保存的主图，没有则为 null' })),
  market_state: nullable(MarketStateSchema),
  marketplace_product_id: nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  ...Attribution,
});

const StageCounts = Type.Object(
  Object.fromEntries(STAGES.map((stage) => [stage, Type.Integer()])) as Record<(typeof STAGES)[number], ReturnType<typeof Type.Integer>>,
  {
    description: '当前 q 与筛选条件下（不含 stage）各阶段的商品数，含 archived',
  },
);

const MarketStateCounts = Type.Object(
  Object.fromEntries(MARKET_STATES.map((state) => [state, Type.Integer()])) as Record<(typeof MARKET_STATES)[number], ReturnType<typeof Type.Integer>>,
  { description: '各平台状态的商品数（按商品最需要关注的状态计，含本服务已归档的商品）' },
);

export const ProductListResponse = Type.Object({
  total: Type.Integer(),
  items: Type.Array(ProductSummary),
  stage_counts: StageCounts,
  market_state_counts: MarketStateCounts,
});

export const ProductDetail = Type.Object({
  id: Uuid,
  stage: StageSchema,
  version: Type.Integer({ description: '每次写入加一；PATCH 用 If-Match 传回' }),
  name: Type.String(),
  description: Type.String(),
  offer_id: Type.String(),
  price: nullable(Type.Number()),
  old_price: nullable(Type.Number()),
  currency_code: Type.String(),
  vat: Type.String(),
  weight: nullable(Type.Number()),
  weight_unit: Type.String(),
  depth: nullable(Type.Number()),
  width: nullable(Type.Number()),
  height: nullable(Type.Number()),
  dimension_unit: Type.String(),
  barcode: Type.String(),
  description_category_id: nullable(Type.Integer()),
  type_id: nullable(Type.Integer()),
  primary_image: nullable(Type.String()),
  images: Type.Array(Type.String()),
  source_platform: nullable(PlatformSchema),
  source_item_id: Type.String(),
  source_url: Type.String(),
  sources: Type.Array(Type.Object({ platform: PlatformSchema, item_id: Type.String(), url: Type.String() })),
  marketplace_product_id: nullable(Type.String()),
  published_at: nullable(Timestamp),
  fx_rate: nullable(Type.Number()),
  raw: Group,
  pricing: Group,
  copy: Group,
  attributes: Group,
  complex_attributes: Group,
  variants: Type.Array(VariantBody, { description: '款式（颜色、尺码）：每个启用的款式作为一个平台商品发布，合并到一张卡片' }),
  sale_stock: nullable(Type.Integer({ description: '无款式商品的销售库存；null 使用店铺默认库存' })),
  assets: Type.Array(AssetBody),
  allowed_moves: Type.Array(StageSchema, { description: 'POST /products/{id}/stage 现在能接受的目标阶段（ready 仅在就绪检查全部通过时出现）' }),
  ready_problems: Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), { description: '已采集或编辑中的商品标记为待上架前还需解决的问题' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  ...Attribution,
});

const { markupPercent, reserveDiscountPercent } = PRICING_LIMITS;

/** The pricing inputs as a merge patch: `null` deletes an input; other keys are kept as free-form notes. */
const PricingGroupPatchSchema = Type.Object(
  {
    cost_cny: Type.Optional(nullable(Type.Number({ minimum: 0, maximum: 10_000_000 }))),
    weight_g: Type.Optional(nullable(Type.Number({ exclusiveMinimum: 0, maximum: PRICING_LIMITS.weightG.max }))),
    markup_percent: Type.Optional(nullable(Type.Number({ minimum: markupPercent.min, maximum: markupPercent.max }))),
    reserve_discount_percent: Type.Optional(nullable(Type.Number({ minimum: reserveDiscountPercent.min, maximum: reserveDiscountPercent.max }))),
    tier: Type.Optional(nullable(literals(TIER_CHOICES))),
    fx_rate: Type.Optional(nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: '覆盖当前汇率' }))),
  },
  { additionalProperties: true },
);
export const PricingGroupPatch = Type.Unsafe<JsonObject>(PricingGroupPatchSchema);

const editable = {
  name: Type.Optional(Type.String({ maxLength: 500 })),
  description: Type.Optional(Type.String({ maxLength: 30_000 })),
  offer_id: Type.Optional(Type.String({ maxLength: 200 })),
  currency_code: Type.Optional(literals(PRICE_CURRENCIES)),
  vat: Type.Optional(Type.String({ maxLength: 8 })),
  weight: Type.Optional(nullable(Dimension)),
  weight_unit: Type.Optional(literals(['g', 'kg', 'lb'])),
  depth: Type.Optional(nullable(Dimension)),
  width: Type.Optional(nullable(Dimension)),
  height: Type.Optional(nullable(Dimension)),
  dimension_unit: Type.Optional(literals(['mm', 'cm', 'in'])),
  barcode: Type.Optional(Type.String({ maxLength: 100 })),
  description_category_id: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
  type_id: Type.Optional(nullable(Type.Integer({ minimum: 0 }))),
  primary_image: Type.Optional(nullable(Url)),
  images: Type.Optional(nullable(Type.Array(Url, { maxItems: 30 }))),
  source_item_id: Type.Optional(Type.String({ maxLength: 200 })),
  source_url: Type.Optional(HttpUrl(4096, { allowEmpty: true, description: '来源页面的 http(s) 地址' })),
  raw: Type.Optional(Group),
  pricing: Type.Optional(PricingGroupPatch),
  copy: Type.Optional(Group),
  attributes: Type.Optional(Group),
  complex_attributes: Type.Optional(Group),
  price: Type.Optional(nullable(Type.Number({ description: '忽略：价格总由服务器按定价策略计算' }))),
  old_price: Type.Optional(nullable(Type.Number({ description: '忽略：由服务器计算' }))),
  sale_stock: Type.Optional(nullable(SaleStock)),
};

export const ProductPatchBody = Type.Object({ ...editable, variants: Type.Optional(VariantEdits) }, { additionalProperties: false, minProperties: 1 });
export type ProductPatchBody = Static<typeof ProductPatchBody>;

export const ProductCreateBody = Type.Object({ ...editable, source_platform: Type.Optional(nullable(PlatformSchema)) }, { additionalProperties: false });
export type ProductCreateBody = Static<typeof ProductCreateBody>;

export const StageBody = Type.Object({ stage: StageSchema }, { additionalProperties: false });
export const DeleteQuery = Type.Object({ hard: Type.Boolean({ default: false }) }, { additionalProperties: false });
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 40, pattern: '^\\s*(?:\\*|(?:W/)?"?\\d{1,15}"?)\\s*$', description: '商品版本号：3、"3"、W/"3" 或 *' })),
});
