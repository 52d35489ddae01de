import { Type } from '@sinclair/typebox';
import { PUBLISH_STATUSES } from '../../../domain/publish-task.ts';
import { Timestamp, Uuid } from './common.ts';

export const PublishBody = Type.Object({ shop_id: Uuid }, { additionalProperties: false });
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
});

export const PublishTaskBody = Type.Object(
  {
    task_id: Type.String({ description: '平台的导入任务 ID' }),
    product_id: Type.String(),
    shop_id: Type.String(),
    offer_id: Type.String(),
    status: Type.Union(PUBLISH_STATUSES.map((status) => Type.Literal(status))),
    marketplace_product_id: Type.Union([Type.String(), Type.Null()]),
    errors: Type.Array(ImportErrorSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

export const PublishHistoryBody = Type.Object({ total: Type.Integer(), items: Type.Array(PublishTaskBody) });

export const PublishCheckBody = Type.Object(
  {
    ok: Type.Boolean({ description: 'true：所有发布检查通过' }),
    errors: Type.Array(Type.Object({ path: Type.String({ description: '字段路径，如 name、attributes/85、images/3' }), message: Type.String({ description: '中文说明' }) })),
  },
  { additionalProperties: false },
);
