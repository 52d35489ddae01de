import type { AiModel } from '../api/types.ts';

/**
 * What an AI button needs of the installation's models: a text model (copy), an image model that follows a
 * written instruction (AI 修图) or one that rewrites the text in a picture (翻译图中文字). Generating a suite needs
 * none: the offline template family is always there.
 */
export type AiNeed = 'text' | 'image-prompt' | 'image-text';

const fits = (model: AiModel, need: AiNeed): boolean =>
  need === 'text'
    ? model.kind === 'text'
    : model.kind === 'image' && (need === 'image-prompt' ? model.capabilities.follows_prompt : model.capabilities.edits_text);

const WHAT: Readonly<Record<AiNeed, string>> = { text: '文本模型', 'image-prompt': '可按文字修图的图片模型', 'image-text': '可翻译图中文字的图片模型' };

/**
 * Said BEFORE the click (issue 32 item 10): null when a configured model can do it, else which keys would (the
 * catalog's `key_env`, each once, in the catalog's order) and how to set one. Never a key itself: only names.
 */
export function missingKeyHint(models: readonly AiModel[], need: AiNeed): string | null {
  const candidates = models.filter((model) => fits(model, need));
  if (candidates.some((model) => model.configured)) return null;
  const keys = [...new Set(candidates.flatMap((model) => (model.key_env ? [model.key_env] : [])))];
  return `服务未配置${WHAT[need]}：在服务器的环境变量（或 .env 文件）中设置 ${keys.join('、')} 任一密钥，然后重启服务。`;
}
