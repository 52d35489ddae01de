import { type ImageFamily, type ImageModel } from '../../application/ports/image-model.ts';
import { type ModelCatalog, type ModelEntry } from '../../application/ports/model-catalog.ts';
import { type TextModel } from '../../application/ports/text-model.ts';
import { DomainError, invalid } from '../../domain/errors.ts';
import { makeGeminiImageModel } from './gemini-image-model.ts';
import { modelLabel } from './model-ids.ts';
import { makeOpenAiImageModel } from './openai-image-model.ts';
import { makeQwenImageModel } from './qwen-image-model.ts';
import { makeSeedreamImageModel } from './seedream-image-model.ts';
import { makeTemplateImageModel } from './template-image-model.ts';
import { defaultTextSpec, findTextSpec, type TextSettings, textModelSpecs } from './text-model-specs.ts';

/** Keys, base URLs and deadlines of the AI providers (the `ai` part of the config). */
export type AiSettings = TextSettings & {
  readonly geminiApiKey: string | undefined;
  readonly geminiBaseUrl: string;
  readonly imageTimeoutMs: number;
};

export type CatalogOptions = { readonly ai: AiSettings; readonly retryDelayMs?: number };

type ImageSpec = { id: string; provider: string; family: ImageFamily; label: string; keyName: string; key: string | undefined; make: (key: string) => ImageModel };

const notConfigured = (label: string, keyName: string) =>
  new DomainError('not_configured', 'AI_NOT_CONFIGURED', `未配置 ${label} 的 API 密钥：请在服务器环境变量中设置 ${keyName} 后重启`);

const TEXT_CAPABILITIES = { follows_prompt: true, edits_text: false } as const;
const imageCapabilities = (family: ImageFamily) => (family === 'template' ? { follows_prompt: false, edits_text: false } : { follows_prompt: true, edits_text: true });

/**
 * The models of this installation, from config: an entry is `configured` when its provider's key is set; the
 * template family always is. The default image model is the first configured AI family, else the template.
 */
export function makeModelCatalog({ ai, retryDelayMs }: CatalogOptions): ModelCatalog {
  const timeouts = { timeoutMs: ai.imageTimeoutMs, retryDelayMs };
  const ids = ai.modelIds;
  const images: ImageSpec[] = [
    { id: ids['gpt-image'], provider: 'openai', family: 'gpt-image', keyName: 'OPENAI_API_KEY', label: modelLabel(ids, 'gpt-image', 'OpenAI GPT Image 1', 'OpenAI'), key: ai.openaiApiKey, make: (apiKey) => makeOpenAiImageModel({ apiKey, baseUrl: ai.openaiBaseUrl, model: ids['gpt-image'], ...timeouts }) },
    { id: ids['gemini-image'], provider: 'google', family: 'gemini-image', keyName: 'GEMINI_API_KEY', label: modelLabel(ids, 'gemini-image', 'Gemini 2.5 Flash Image', 'Gemini'), key: ai.geminiApiKey, make: (apiKey) => makeGeminiImageModel({ apiKey, baseUrl: ai.geminiBaseUrl, model: ids['gemini-image'], ...timeouts }) },
    { id: ids.seedream, provider: 'volcengine', family: 'seedream', keyName: 'ARK_API_KEY', label: modelLabel(ids, 'seedream', '豆包 Seedream 4.0', '豆包 Seedream'), key: ai.arkApiKey, make: (apiKey) => makeSeedreamImageModel({ apiKey, baseUrl: ai.arkBaseUrl, model: ids.seedream, ...timeouts }) },
    { id: ids['qwen-image'], provider: 'dashscope', family: 'qwen-image', keyName: 'DASHSCOPE_API_KEY', label: modelLabel(ids, 'qwen-image', '通义千问 Qwen-Image-Edit Plus', '通义千问图像'), key: ai.dashscopeApiKey, make: (apiKey) => makeQwenImageModel({ apiKey, baseUrl: ai.dashscopeBaseUrl, model: ids['qwen-image'], ...timeouts }) },
    { id: 'template', provider: 'local', family: 'template', keyName: '', label: '内置模板（离线，无需密钥）', key: 'built-in', make: () => makeTemplateImageModel() },
  ];
  const defaultImage = images.find((spec) => spec.key !== undefined && spec.family !== 'template') ?? images.find((spec) => spec.family === 'template')!;
  const texts = textModelSpecs(ai, retryDelayMs);
  const defaultText = defaultTextSpec(texts, ai.defaultTextModel);

  const entries: ModelEntry[] = [
    ...texts.map((spec): ModelEntry => ({ id: spec.id, provider: spec.provider, kind: 'text', family: spec.family, label: spec.label, configured: spec.key !== undefined, default: spec === defaultText, capabilities: TEXT_CAPABILITIES })),
    ...images.map((spec): ModelEntry => ({ id: spec.id, provider: spec.provider, kind: 'image', family: spec.family, label: spec.label, configured: spec.key !== undefined, default: spec === defaultImage, capabilities: imageCapabilities(spec.family) })),
  ];
  const imageModels = new Map<string, ImageModel>();
  const textModels = new Map<string, TextModel>();

  return {
    list: () => entries.map((entry) => ({ ...entry })),

    imageModel(id) {
      const spec = id ? images.find((candidate) => candidate.id === id || candidate.family === id) : defaultImage;
      if (!spec) throw invalid('UNKNOWN_MODEL', `不支持的图片模型：${id}`, [{ path: '/model', message: `不支持的模型：${id}` }]);
      if (spec.key === undefined) throw notConfigured(spec.label, spec.keyName);
      let model = imageModels.get(spec.id);
      if (!model) {
        model = spec.make(spec.key);
        imageModels.set(spec.id, model);
      }
      return { entry: entries.find((entry) => entry.id === spec.id)!, model };
    },

    textModel(id) {
      const spec = id ? findTextSpec(texts, id) : defaultText;
      if (!spec) throw invalid('UNKNOWN_MODEL', `不支持的文本模型：${id}`, [{ path: '/model', message: `不支持的模型：${id}` }]);
      if (spec.key === undefined) throw notConfigured(spec.label, spec.keyName);
      let model = textModels.get(spec.id);
      if (!model) {
        model = spec.make(spec.key);
        textModels.set(spec.id, model);
      }
      return model;
    },

    hasTextModel: () => defaultText.key !== undefined,
  };
}
