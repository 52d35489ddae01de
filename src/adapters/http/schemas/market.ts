import { Type } from '@sinclair/typebox';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
import { PRICE_INDEXES } from '../../../domain/pricing/market-prices.ts';
import { literals, nullable, Timestamp } from './common.ts';

export const MarketStateSchema = literals(MARKET_STATES);

export const MarketErrorBody = Type.Object({
  code: Type.String(),
  field: Type.String({ description: '平台指出的字段（如 attribute、price）' }),
  attribute_id: Type.Integer({ description: '平台指出的属性 id，0 表示不是属性' }),
  level: Type.String({ description: 'ERROR_LEVEL_ERROR 表示无法销售（被拒）' }),
  message: Type.String({ description: '平台的原文' }),
  explanation: Type.String({ description: '中文说明' }),
});

export const MarketOfferBody = Type.Object({
  offer_id: Type.String(),
  variant_id: nullable(Type.String()),
  shop_id: Type.String(),
  marketplace_product_id: nullable(Type.String()),
  sku: nullable(Type.String()),
  market_state: MarketStateSchema,
  market_errors: Type.Array(MarketErrorBody),
  market_checked_at: nullable(Timestamp),
  is_autoarchived: Type.Boolean({ description: '平台自动归档（每天最多恢复 10 个）' }),
  next_check_at: Timestamp,
  market_commission_percent: nullable(Type.Number({ description: '平台实际佣金率（%，按店铺默认仓库的模式：rFBS 或 FBS）；null 表示未知' })),
  market_acquiring: nullable(Type.Number({ description: '收单费' })),
  market_delivery_amount: nullable(Type.Number({ description: '配送到买家的费用' })),
  market_price: nullable(Type.Number({ description: '平台上的当前售价' })),
  market_currency: nullable(Type.String()),
  price_index: nullable({ ...literals(PRICE_INDEXES), description: '价格指数（color_index）' }),
  market_prices_checked_at: nullable(Timestamp),
  real_profit_rub: nullable(Type.Number({ description: '实际利润（卢布）= 当前售价 × 实际保留比例 − 到岸成本' })),
  real_margin_percent: nullable(Type.Number({ description: '实际利润率（%）= 实际利润 ÷ 售价' })),
  planned_margin_percent: nullable(Type.Number({ description: '计划利润率（%）' })),
  content_rating: nullable(Type.Number({ description: '内容评分 0–100' })),
  content_groups: Type.Array(
    Type.Object({
      key: Type.String(),
      name: Type.String(),
      rating: Type.Number(),
      improve_at_least: Type.Number({ description: '至少再填写几个属性可提高该组评分' }),
      improve_attributes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: '填写后可提高评分的属性' }),
    }),
    { description: '可以提高内容评分的属性分组' },
  ),
  rating_checked_at: nullable(Timestamp),
});

export const ProductMarketBody = Type.Object({
  product_id: Type.String(),
  market_state: nullable(MarketStateSchema),
  offers: Type.Array(MarketOfferBody),
});
