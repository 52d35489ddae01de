import { Type } from '@sinclair/typebox';
import { BULK_ACTIONS } from '../../../application/use-cases/bulk-products.ts';
import { PRICING_LIMITS, TIER_CHOICES } from '../../../domain/pricing/pricing.ts';
import { MARGIN_LIMITS } from '../../../domain/pricing/real-margin.ts';
import { STAGES } from '../../../domain/catalog/product.ts';
import { MODEL_ID_TITLES, TextModelId } from './ai.ts';
import { literals, nullable, Timestamp, Uuid } from './common.ts';
import { PlanItemInput } from './suite.ts';
import { SaleStock } from './variants.ts';

export const BULK_MAX_PRODUCTS = 500;

export const BulkBody = Type.Object(
  {
    product_ids: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX_PRODUCTS, uniqueItems: true }),
    action: literals(BULK_ACTIONS),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          '按 action：stage {stage}；pricing {markup_percent?, reserve_discount_percent?, tier?, fx_rate?}；copy {model?}；suite {model, plan?}；market_archive / market_unarchive 无参数（在平台上归档/恢复，每次最多 100 个）；stock {stock}；reprice_to_margin {margin_percent}（按平台实际佣金调价到该利润率并发送价格）',
      }),
    ),
  },
  { additionalProperties: false },
);

const { markupPercent, reserveDiscountPercent } = PRICING_LIMITS;
const none = Type.Object({}, { additionalProperties: false });

/** Each action's `params`, checked after the body (one schema per action keeps the messages about one action). */
export const BULK_PARAMS = {
  stage: Type.Object({ stage: literals(STAGES.filter((stage) => stage !== 'archived')) }, { additionalProperties: false }),
  archive: none,
  restore: none,
  market_archive: none,
  market_unarchive: none,
  reprice_to_margin: Type.Object(
    {
      margin_percent: Type.Number({
        minimum: MARGIN_LIMITS.min,
        exclusiveMaximum: MARGIN_LIMITS.below,
        description: '目标实际利润率（%），0 到 100 之间（不含 100）',
      }),
    },
    { additionalProperties: false },
  ),
  delete: none,
  pricing: Type.Object(
    {
      markup_percent: Type.Optional(nullable(Type.Number({ minimum: markupPercent.min, maximum: markupPercent.max }))),
      reserve_discount_percent: Type.Optional(nullable(Type.Number({ minimum: reserveDiscountPercent.min, maximum: reserveDiscountPercent.max }))),
      tier: Type.Optional(nullable(literals(TIER_CHOICES))),
      fx_rate: Type.Optional(nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100 }))),
    },
    // Empty: reprice on the policy's defaults (issue 32 item 5).
    { additionalProperties: false },
  ),
  copy: Type.Object({ model: Type.Optional(TextModelId) }, { additionalProperties: false }),
  suite: Type.Object(
    {
      model: Type.String({ minLength: 1, maxLength: 100, title: MODEL_ID_TITLES.image }),
      plan: Type.Optional(nullable(Type.Array(PlanItemInput, { minItems: 1, maxItems: 30 }))),
    },
    { additionalProperties: false },
  ),
  stock: Type.Object({ stock: SaleStock }, { additionalProperties: false }),
} as const;

export const BulkResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      product_id: Type.String(),
      ok: Type.Boolean(),
      code: Type.Optional(Type.String()),
      detail: Type.Optional(Type.String()),
      errors: Type.Optional(
        Type.Array(Type.Object({ path: Type.String({ description: '字段路径（JSON pointer）' }), message: Type.String({ description: '中文说明' }) }), {
          description: '未通过的检查，每项指向其字段（如标记为待上架时的就绪检查）',
        }),
      ),
      job_id: Type.Optional(Type.String({ description: 'copy / suite：排队任务，GET /api/jobs/{id} 查看进度' })),
    }),
  ),
});

export const JobResponse = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'copy、suite（以后 translate）' }),
  status: literals(['queued', 'running', 'done'] as const),
  total: Type.Integer(),
  done: Type.Integer({ description: '成功完成的条目数' }),
  failed: Type.Integer({ description: '失败的条目数' }),
  items: Type.Array(
    Type.Object(
      {
        status: literals(['pending', 'done', 'failed'] as const),
        error: nullable(Type.String()),
      },
      { additionalProperties: true, description: '条目的对象（如 product_id）与结果（如 suite_id）平铺在一起' },
    ),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});
