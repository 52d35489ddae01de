import { Type } from '@sinclair/typebox';
import { PUBLISH_OPERATIONS, PUBLISH_STATUSES } from '../../../domain/publishing/publish-task.ts';
import { Timestamp, Uuid } from './common.ts';

export const PublishBody = Type.Object({ shop_id: Uuid }, { additionalProperties: false });
/** Bulk publish: 1 to 500 products through one shop. */
export const BulkPublishBody = Type.Object(
  { shop_id: Uuid, product_ids: Type.Array(Uuid, { minItems: 1, maxItems: 500, description: '最多 500 个商品' }) },
  { additionalProperties: false },
);
export const TaskParams = Type.Object({ taskId: Type.String({ pattern: '^[0-9]{1,20}$' }) });

const ImportErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  level: Type.String(),
  state: Type.String(),
  description: Type.String(),
  field: Type.String(),
  attribute_id: Type.Integer(),
  attribute_name: Type.String(),
  explanation: Type.Union([Type.String(), Type.Null()], { description: '已知错误代码的中文说明' }),
});

const Status = Type.Union(
  PUBLISH_STATUSES.map((status) => Type.Literal(status)),
  { description: 'waiting_quota：超出平台额度或被限流，到时自动发送；或发送后没有收到平台回复，正在向平台核对（不会重复发送）' },
);

/** Not a status of its own (the statuses are the contract's): a `waiting_quota` record whose last send went unanswered. */
const Settling = Type.Boolean({
  description:
    'true：上次发送后没有收到平台回复（服务中断或超时），正在按货号向平台核对商品卡片是否已创建；核对后不会重复发送。此时 status 为 waiting_quota，next_attempt_at 为下次核对时间',
});

/** One product of a task. */
export const PublishItemBody = Type.Object(
  {
    product_id: Type.String(),
    variant_id: Type.Union([Type.String(), Type.Null()], { description: '该记录发送的款式（商品没有款式时为 null）' }),
    offer_id: Type.String(),
    status: Status,
    settling: Settling,
    marketplace_product_id: Type.Union([Type.String(), Type.Null()]),
    errors: Type.Array(ImportErrorSchema),
  },
  { additionalProperties: false },
);

export const PublishTaskBody = Type.Object(
  {
    task_id: Type.Union([Type.String(), Type.Null()], { description: '平台的导入任务 ID（等待额度时为 null）' }),
    product_id: Type.String(),
    variant_id: Type.Union([Type.String(), Type.Null()], { description: '该记录发送的款式（商品没有款式时为 null）' }),
    shop_id: Type.String(),
    offer_id: Type.String(),
    operation: Type.Union(
      PUBLISH_OPERATIONS.map((operation) => Type.Literal(operation)),
      { description: 'import：创建或整体更新；pictures：只更新图片；prices：只更新价格' },
    ),
    status: Status,
    settling: Settling,
    marketplace_product_id: Type.Union([Type.String(), Type.Null()]),
    errors: Type.Array(ImportErrorSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
    next_attempt_at: Type.Union([Timestamp, Type.Null()], { description: 'waiting_quota 时：预计自动发送（settling 时为向平台核对）的时间' }),
    existing: Type.Optional(Type.Boolean({ description: '发布的答复：true 表示店铺里已有这个货号的商品卡，作为对该卡的更新发送' })),
  },
  { additionalProperties: false },
);

/** `GET /api/publish/{taskId}`: the task plus each of its products. */
export const PublishTaskViewBody = Type.Composite([Type.Omit(PublishTaskBody, []), Type.Object({ items: Type.Array(PublishItemBody) })], {
  additionalProperties: false,
});

export const BulkPublishReplyBody = Type.Object(
  {
    tasks: Type.Array(Type.Object({ task_id: Type.String(), product_ids: Type.Array(Type.String()) })),
    waiting: Type.Array(Type.String(), { description: '超出额度、到时自动发送的商品' }),
    settling: Type.Array(Type.String(), {
      description: 'waiting 中发送后没有收到平台回复、正在向平台核对是否已创建的商品（核对后不会重复发送）',
    }),
    refused: Type.Array(
      Type.Object({
        product_id: Type.String(),
        code: Type.Optional(Type.String({ description: '平台在发送时拒绝的原因代码，如 COPY_NOT_ALLOWED（不允许跟卖，可改为创建新卡片）' })),
        errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
      }),
    ),
    products: Type.Array(
      Type.Object({
        product_id: Type.String(),
        existing: Type.Boolean({ description: 'true：店铺里已有这个货号的商品卡，作为对该卡的更新发送' }),
      }),
      { description: '通过检查的商品' },
    ),
  },
  { additionalProperties: false },
);

export const PublishHistoryBody = Type.Object({ total: Type.Integer(), items: Type.Array(PublishTaskBody) });

export const PublishCheckBody = Type.Object(
  {
    ok: Type.Boolean({ description: 'true：所有发布检查通过' }),
    errors: Type.Array(
      Type.Object({ path: Type.String({ description: '字段路径，如 name、attributes/85、images/3' }), message: Type.String({ description: '中文说明' }) }),
    ),
    warnings: Type.Array(Type.Object({ path: Type.String(), message: Type.String({ description: '中文说明' }) }), {
      description: '不阻止发布的提醒，如型号名称（9048）与另一个商品相同、售价高于平台页面上的售价',
    }),
  },
  { additionalProperties: false },
);
