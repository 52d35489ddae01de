import { Type } from '@sinclair/typebox';
import { EDIT_OPERATIONS } from '../../../application/use-cases/edit-image.ts';
import { ImageModelId } from './ai.ts';
import { Uuid } from './common.ts';
import { ImageUrl, WatermarkBody } from './suite.ts';

export const ImageEditBody = Type.Object({
  image_url: ImageUrl,
  operation: Type.Union(
    EDIT_OPERATIONS.map((operation) => Type.Literal(operation)),
    { description: '背景替换、去水印、局部重绘、文字叠加（本地）、自定义' },
  ),
  prompt: Type.String({ maxLength: 4000, default: '' }),
  text: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  model: Type.Optional(ImageModelId),
  product_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  append: Type.Boolean({ default: false }),
});

export const LegacySuiteBody = Type.Object({
  product_id: Uuid,
  image_url: ImageUrl,
  selling_points: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10, default: [] }),
  model: Type.Optional(ImageModelId),
  watermark: Type.Optional(Type.Union([WatermarkBody, Type.Null()])),
});

export const TranslateBody = Type.Object({
  product_id: Uuid,
  asset_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: 50,
    description: '要翻译的图片（该商品已存储的图片），1–50 张',
  }),
  model: Type.Optional(ImageModelId),
});

export const JobIdResponse = Type.Object({ job_id: Type.String({ description: '进度见 GET /api/jobs/{id}' }) });
