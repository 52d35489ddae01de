import { Type } from '@sinclair/typebox';
import { JsonObjectSchema, Uuid } from './common.ts';

/** A collected text (`raw.texts`) as the AI endpoints take it. */
export const AiText = Type.Object({
  kind: Type.String({ maxLength: 32 }),
  content: Type.String({ maxLength: 5000 }),
  pairs: Type.Optional(Type.Array(Type.Object({ key: Type.String({ maxLength: 200 }), value: Type.String({ maxLength: 1000 }) }), { maxItems: 100 })),
});
export const AiTexts = Type.Array(AiText, { maxItems: 200, default: [] });
/**
 * Titles that mark a model id in the document: `withModelIds` gives each the enum of the installation's catalog
 * (ids and family names, configured or not: an unconfigured one is a 503, anything else the 422 `UNKNOWN_MODEL`).
 */
export const MODEL_ID_TITLES = { text: 'TextModelId', image: 'ImageModelId' } as const;
const modelId = (kind: keyof typeof MODEL_ID_TITLES, what: string) =>
  Type.Union([Type.String({ maxLength: 100, title: MODEL_ID_TITLES[kind] }), Type.Null()], {
    description: `${what}：GET /api/ai/models 中的 id 或模型系列名；留空用默认模型`,
  });
export const TextModelId = modelId('text', '文本模型');
export const ImageModelId = modelId('image', '图片模型');
export const Requirements = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: '用户强制要求，优先级最高' });

export const ModelEntry = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('image')]),
  family: Type.String(),
  label: Type.String(),
  configured: Type.Boolean(),
  key_env: Type.Union([Type.String(), Type.Null()], {
    description: '配置该模型所需的服务器环境变量名（如 DEEPSEEK_API_KEY）；内置模板不需要密钥，为 null。只给变量名，从不给密钥',
  }),
  default: Type.Boolean(),
  capabilities: Type.Object(
    {
      follows_prompt: Type.Boolean({ description: '能按文字要求修改（修图提示词、用户要求）' }),
      edits_text: Type.Boolean({ description: '能改写图中文字（图片文字翻译）' }),
    },
    { description: '内置模板两项都是 false' },
  ),
});
export const ModelsResponse = Type.Object({ models: Type.Array(ModelEntry) });

export const CopyBody = Type.Object({
  product_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  title: Type.String({ minLength: 1, maxLength: 500 }),
  texts: Type.Optional(AiTexts),
  attributes: Type.Optional(JsonObjectSchema),
  sku_variants: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
  keywords: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  model: Type.Optional(TextModelId),
  requirements: Type.Optional(Requirements),
});

export const CopyResponse = Type.Object({
  title_ru: Type.String(),
  description_ru: Type.String(),
  tags: Type.Array(Type.String()),
  hashtags: Type.String({ description: '标签转成平台“#Хештеги”（属性 23171）的一个值：空格分隔，每个以 # 开头，词间用 _，≤30 字符，最多 30 个' }),
  text_zh: Type.String({ description: '中文对照，供卖家核对' }),
  model: Type.String(),
});

export const ApplyCopyHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ pattern: '^"?\\d{1,12}"?$' })) });

export const AppliedProduct = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  stage: Type.String(),
  name: Type.String(),
  description: Type.String(),
  copy: JsonObjectSchema,
  updated_at: Type.String(),
});
