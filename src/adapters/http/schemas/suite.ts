import { type Static, Type } from '@sinclair/typebox';
import { SUITE_KINDS } from '../../../domain/ai/suite-plan.ts';
import { AiTexts, ImageModelId, Requirements, TextModelId } from './ai.ts';
import { ImageAddress, Uuid } from './common.ts';

const Kind = Type.Union(SUITE_KINDS.map((kind) => Type.Literal(kind)));
const Platform = Type.String({ maxLength: 32, default: 'ozon' });
export const ImageUrl = ImageAddress(2048);

/** A plan item as clients send it back: loosely typed on purpose, the server cleans it. */
export const PlanItemInput = Type.Object({
  kind: Type.String({ maxLength: 40 }),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  detail: Type.Optional(Type.String({ maxLength: 2000 })),
  prompt_hint: Type.Optional(Type.String({ maxLength: 2000 })),
  count: Type.Number({ minimum: -1000, maximum: 1000 }),
  variant_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});

export const PlanItem = Type.Object({
  kind: Kind,
  title: Type.String(),
  detail: Type.String(),
  prompt_hint: Type.String(),
  count: Type.Integer({ minimum: 0, maximum: 3 }),
  variant_name: Type.Union([Type.String(), Type.Null()]),
});

export const PlanBody = Type.Object({
  product_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  title: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  texts: AiTexts,
  sku_variants: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100, default: [] }),
  image_stats: Type.Object(
    {
      main: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
      sku: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
      detail: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
    },
    { default: { main: 0, sku: 0, detail: 0 } },
  ),
  platform: Platform,
  requirements: Type.Optional(Requirements),
  model: Type.Optional(TextModelId),
});

export const PlanResponse = Type.Object({
  summary: Type.String(),
  items: Type.Array(PlanItem),
  total: Type.Integer(),
  warnings: Type.Array(Type.String()),
  planner: Type.Union([Type.Literal('model'), Type.Literal('rules')]),
  model: Type.Union([Type.String(), Type.Null()]),
});

export const WatermarkBody = Type.Object({
  enabled: Type.Boolean(),
  type: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('image')], { description: '缺省为 text' })),
  text: Type.Optional(Type.String({ maxLength: 50 })),
  opacity: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: '不透明度 0–100，缺省 50' })),
  image_url: Type.Optional(ImageUrl),
});

export const GenerateBody = Type.Object({
  product_id: Uuid,
  texts: AiTexts,
  images: Type.Array(
    Type.Object({
      url: ImageUrl,
      group_key: Type.Union(['main', 'sku', 'detail', 'upload', 'generated'].map((key) => Type.Literal(key))),
      variant_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    }),
    { maxItems: 50, default: [] },
  ),
  style_set: Type.Integer({ minimum: 0, maximum: 1000, default: 0 }),
  style_prompt: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
  requirements: Type.Optional(Requirements),
  plan: Type.Array(PlanItemInput, { minItems: 1, maxItems: 30 }),
  platform: Platform,
  model: Type.Optional(ImageModelId),
  watermark: Type.Optional(Type.Union([WatermarkBody, Type.Null()])),
});

export const SuiteIdResponse = Type.Object({ suite_id: Type.String() });

export const SuiteJobResponse = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  status: Type.Union(['pending', 'running', 'done', 'partial', 'failed'].map((status) => Type.Literal(status))),
  style_set: Type.Integer(),
  platform: Type.String(),
  lang: Type.String(),
  ratio: Type.String(),
  provider: Type.String(),
  total: Type.Integer(),
  images: Type.Array(
    Type.Object({
      type_id: Type.String(),
      name: Type.String(),
      url: Type.String(),
      status: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const SuiteIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const SuiteImageEditBody = Type.Object({
  product_id: Uuid,
  image_url: ImageUrl,
  prompt: Type.String({ minLength: 1, maxLength: 4000 }),
  model: Type.Optional(ImageModelId),
  append: Type.Boolean({ default: false }),
});

export const EditedImageResponse = Type.Object({ url: Type.String(), asset_id: Type.Union([Type.String(), Type.Null()]) });

/** The watermark with its defaults applied (defaults inside a nullable object are not filled by the validator). */
export const watermarkInput = (body: Static<typeof WatermarkBody> | null | undefined) =>
  body ? { ...body, type: body.type ?? ('text' as const), opacity: body.opacity ?? 50 } : null;
