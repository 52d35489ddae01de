import { Type } from '@sinclair/typebox';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
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
});

export const ProductMarketBody = Type.Object({
  product_id: Type.String(),
  market_state: nullable(MarketStateSchema),
  offers: Type.Array(MarketOfferBody),
});
