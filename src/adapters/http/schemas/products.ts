import { PUBLISH_MODES } from '../../../domain/catalog/product-values.ts';
import { Type, type Static } from '@sinclair/typebox';
import { PLATFORMS } from '../../../domain/common/platform.ts';
import { PRICING_LIMITS, TIER_CHOICES } from '../../../domain/pricing/pricing.ts';
import { type Stage, STAGES } from '../../../domain/catalog/product.ts';
import {
  type ComputedField,
  type EditableField,
  type OnCreateField,
  PRODUCT_FIELD_LIST,
  type Product,
  type ProductGroup,
} from '../../../domain/catalog/product-fields.ts';
import { type JsonObject } from '../../../domain/common/json.ts';
import { AssetBody } from './assets.ts';
import { type VariantBody, VariantEdits } from './variants.ts';
import { MarketStateSchema } from './market.ts';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
import { PRICE_INDEXES } from '../../../domain/pricing/market-prices.ts';
import { literals, nullable, PageQuery, Timestamp, Uuid } from './common.ts';
import { answerProperties, bodyProperties, PlatformSchema, StageSchema } from './product-field-schemas.ts';

export { PlatformSchema, StageSchema };

// Null first (`nullable`): Ajv's type coercion would otherwise turn a `null` (delete / unset) into 0 via the number branch.

/** `2026-11-24` or an ISO timestamp (`2026-11-24T10:00:00Z`); a bare date in UTC. */
const DateBound = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$', maxLength: 40 });
export const LIST_SORTS = [
  ...['updated_at', '-updated_at', 'created_at', '-created_at', 'price', '-price', 'name', '-name'],
  ...['price_index', '-price_index', 'content_rating', '-content_rating', 'real_margin', '-real_margin'],
] as const;
const PriceIndexSchema = { ...literals(PRICE_INDEXES), description: '价格指数：SUPER 极具优势、GREEN 有优势、YELLOW 一般、RED 偏高、WITHOUT_INDEX 暂无' };

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
    price_index: Type.Optional(PriceIndexSchema),
    content_rating_max: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: '内容评分不高于此值' })),
    real_margin_below: Type.Optional(Type.Number({ minimum: -1000, maximum: 100, description: '实际利润率低于此值（%）' })),
    publish_mode: Type.Optional(
      Type.Union(
        PUBLISH_MODES.map((mode) => Type.Literal(mode)),
        { description: '发布方式：copy 跟卖，create 新建卡片' },
      ),
    ),
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
  currency_code: Type.String({ description: '售价的币种（RUB 或 CNY），列表按它显示 ₽ 或 ¥' }),
  source_platform: nullable(PlatformSchema),
  source_url: Type.String(),
  asset_count: AssetCount,
  failed_assets: Type.Integer({ description: '下载失败的图片数' }),
  thumbnail_url: nullable(Type.String({ description: '第一张已保存的主图，没有则为 null' })),
  market_state: nullable(MarketStateSchema),
  price_index: nullable(PriceIndexSchema),
  content_rating: nullable(Type.Number({ description: '内容评分 0–100（各报价中最低）' })),
  real_margin_percent: nullable(Type.Number({ description: '按平台实际佣金和当前售价算出的实际利润率（%，各报价中最低）' })),
  planned_margin_percent: nullable(Type.Number({ description: '定价时的计划利润率（%）' })),
  below_margin_floor: Type.Boolean({ description: '实际利润率低于店铺的最低利润率' }),
  marketplace_product_id: nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  publish_mode: Type.Union(
    PUBLISH_MODES.map((mode) => Type.Literal(mode)),
    { description: '发布方式：copy 跟卖，create 新建卡片' },
  ),
  market_price_rub: nullable(Type.Number({ description: '采集时平台页面的售价（卢布）' })),
  collected_title: nullable(
    Type.String({ description: '采集时的商品标题（1688、淘宝页面上的中文标题，第一条）；应用俄文文案后名称变成俄文，它仍是卖家认得的原标题' }),
  ),
  card_count: Type.Integer({ minimum: 0, description: '发布时发送的平台商品卡片数，各占 1 个每日新建配额：有款式的商品每个启用的款式一张，否则一张' }),
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
  {
    description: '各平台状态的商品数（按商品最需要关注的状态计）：与列表相同的搜索词、阶段和其他筛选，不含平台状态筛选本身；未指定阶段时包含本服务已归档的商品',
  },
);

export const ProductListResponse = Type.Object({
  total: Type.Integer(),
  items: Type.Array(ProductSummary),
  stage_counts: StageCounts,
  market_state_counts: MarketStateCounts,
});

/** A product's fields as answered: the domain's, with each variant as the variant body answers it. */
type ProductFieldsAnswer = Omit<Product, 'variants'> & { readonly variants: readonly Static<typeof VariantBody>[] };
type ProductDetailStatic = ProductFieldsAnswer & {
  readonly assets: Static<typeof AssetBody>[];
  readonly allowed_moves: Stage[];
  readonly ready_problems: { path: string; message: string }[];
};

/** The product detail: every field of the product field list, then its assets and what it may do next. */
export const ProductDetail = Type.Unsafe<ProductDetailStatic>(
  Type.Object({
    ...answerProperties(PRODUCT_FIELD_LIST),
    assets: Type.Array(AssetBody),
    allowed_moves: Type.Array(StageSchema, { description: 'POST /products/{id}/stage 现在能接受的目标阶段（ready 仅在就绪检查全部通过时出现）' }),
    ready_problems: Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
      description: '已采集或编辑中的商品标记为待上架前还需解决的问题',
    }),
  }),
);

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

/** What a POST or PATCH body may hold of the product's own fields (the field list says which and within what limits). */
type FieldsBody = Partial<Pick<Product, EditableField | ComputedField>> & Partial<Record<ProductGroup, JsonObject>>;
const groupPatches = { pricing: PricingGroupPatch };

export type ProductPatchBody = FieldsBody & { readonly variants?: Static<typeof VariantEdits> };
export const ProductPatchBody = Type.Unsafe<ProductPatchBody>(
  Type.Object(
    { ...bodyProperties(PRODUCT_FIELD_LIST, { create: false, groupPatches }), variants: Type.Optional(VariantEdits) },
    { additionalProperties: false, minProperties: 1 },
  ),
);

export type ProductCreateBody = FieldsBody & Partial<Pick<Product, OnCreateField>>;
export const ProductCreateBody = Type.Unsafe<ProductCreateBody>(
  Type.Object(bodyProperties(PRODUCT_FIELD_LIST, { create: true, groupPatches }), { additionalProperties: false }),
);

export const StageBody = Type.Object({ stage: StageSchema }, { additionalProperties: false });
export const DeleteQuery = Type.Object({ hard: Type.Boolean({ default: false }) }, { additionalProperties: false });
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 40, pattern: '^\\s*(?:\\*|(?:W/)?"?\\d{1,15}"?)\\s*$', description: '商品版本号：3、"3"、W/"3" 或 *' })),
});
