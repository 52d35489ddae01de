import { type ImageModel } from '../../application/ports/image-model.ts';
import { type ModelCatalog, type ModelEntry } from '../../application/ports/model-catalog.ts';
import { type TextModel } from '../../application/ports/text-model.ts';
import { DomainError, invalid } from '../../domain/common/errors.ts';
import { defaultImageSpec, imageCapabilities, imageModelSpecs, type ImageSettings } from './image-model-specs.ts';
import { defaultTextSpec, findTextSpec, type TextSettings, textModelSpecs } from './text-model-specs.ts';

/** Keys, base URLs and deadlines of the AI providers (the `ai` part of the config). */
export type AiSettings = TextSettings & ImageSettings;

export type CatalogOptions = { readonly ai: AiSettings; readonly retryDelayMs?: number };

const notConfigured = (label: string, keyName: string) =>
  new DomainError('not_configured', 'AI_NOT_CONFIGURED', `未配置 ${label} 的 API 密钥：请在服务器环境变量中设置 ${keyName} 后重启`);

const TEXT_CAPABILITIES = { follows_prompt: true, edits_text: false } as const;

/**
 * The models of this installation, from config: an entry is `configured` when its provider's key is set; the
 * template family always is. The default image model is the first configured AI family, else the template.
 */
export function makeModelCatalog({ ai, retryDelayMs }: CatalogOptions): ModelCatalog {
  const images = imageModelSpecs(ai, retryDelayMs);
  const defaultImage = defaultImageSpec(images);
  const texts = textModelSpecs(ai, retryDelayMs);
  const defaultText = defaultTextSpec(texts, ai.defaultTextModel);

  const entries: ModelEntry[] = [
    ...texts.map((spec): ModelEntry => ({
      id: spec.id,
      provider: spec.provider,
      kind: 'text',
      family: spec.family,
      label: spec.label,
      configured: spec.key !== undefined,
      key_env: spec.keyName,
      default: spec === defaultText,
      capabilities: TEXT_CAPABILITIES,
    })),
    ...images.map((spec): ModelEntry => ({
      id: spec.id,
      provider: spec.provider,
      kind: 'image',
      family: spec.family,
      label: spec.label,
      configured: spec.key !== undefined,
      key_env: spec.keyName || null,
      default: spec === defaultImage,
      capabilities: imageCapabilities(spec.family),
    })),
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
