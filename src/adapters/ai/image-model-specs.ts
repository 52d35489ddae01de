import { type ImageFamily, type ImageModel } from '../../application/ports/image-model.ts';
import { makeGeminiImageModel } from './gemini-image-model.ts';
import { modelLabel } from './model-ids.ts';
import { makeOpenAiImageModel } from './openai-image-model.ts';
import { makeQwenImageModel } from './qwen-image-model.ts';
import { makeSeedreamImageModel } from './seedream-image-model.ts';
import { makeTemplateImageModel } from './template-image-model.ts';
import { type TextSettings } from './text-model-specs.ts';

/** The image-model part of the AI settings: OpenAI, Ark and DashScope images share the text models' keys. */
export type ImageSettings = Pick<
  TextSettings,
  'openaiApiKey' | 'openaiBaseUrl' | 'arkApiKey' | 'arkBaseUrl' | 'dashscopeApiKey' | 'dashscopeBaseUrl' | 'modelIds'
> & {
  readonly geminiApiKey: string | undefined;
  readonly geminiBaseUrl: string;
  readonly imageTimeoutMs: number;
};

export type ImageSpec = {
  readonly id: string;
  readonly provider: string;
  readonly family: ImageFamily;
  readonly label: string;
  /** The environment variable that holds the key, named in the 503 when it is missing. */
  readonly keyName: string;
  readonly key: string | undefined;
  readonly make: (key: string) => ImageModel;
};

/** Every image model this installation knows; the offline template family needs no key and is always there. */
export function imageModelSpecs(ai: ImageSettings, retryDelayMs: number | undefined): ImageSpec[] {
  const timeouts = { timeoutMs: ai.imageTimeoutMs, retryDelayMs };
  const ids = ai.modelIds;
  return [
    {
      id: ids['gpt-image'],
      provider: 'openai',
      family: 'gpt-image',
      keyName: 'OPENAI_API_KEY',
      label: modelLabel(ids, 'gpt-image', 'OpenAI GPT Image 1', 'OpenAI'),
      key: ai.openaiApiKey,
      make: (apiKey) => makeOpenAiImageModel({ apiKey, baseUrl: ai.openaiBaseUrl, model: ids['gpt-image'], ...timeouts }),
    },
    {
      id: ids['gemini-image'],
      provider: 'google',
      family: 'gemini-image',
      keyName: 'GEMINI_API_KEY',
      label: modelLabel(ids, 'gemini-image', 'Gemini 2.5 Flash Image', 'Gemini'),
      key: ai.geminiApiKey,
      make: (apiKey) => makeGeminiImageModel({ apiKey, baseUrl: ai.geminiBaseUrl, model: ids['gemini-image'], ...timeouts }),
    },
    {
      id: ids.seedream,
      provider: 'volcengine',
      family: 'seedream',
      keyName: 'ARK_API_KEY',
      label: modelLabel(ids, 'seedream', '豆包 Seedream 4.0', '豆包 Seedream'),
      key: ai.arkApiKey,
      make: (apiKey) => makeSeedreamImageModel({ apiKey, baseUrl: ai.arkBaseUrl, model: ids.seedream, ...timeouts }),
    },
    {
      id: ids['qwen-image'],
      provider: 'dashscope',
      family: 'qwen-image',
      keyName: 'DASHSCOPE_API_KEY',
      label: modelLabel(ids, 'qwen-image', '通义千问 Qwen-Image-Edit Plus', '通义千问图像'),
      key: ai.dashscopeApiKey,
      make: (apiKey) => makeQwenImageModel({ apiKey, baseUrl: ai.dashscopeBaseUrl, model: ids['qwen-image'], ...timeouts }),
    },
    {
      id: 'template',
      provider: 'local',
      family: 'template',
      keyName: '',
      label: '内置模板（离线，无需密钥）',
      key: 'built-in',
      make: () => makeTemplateImageModel(),
    },
  ];
}

/** The first configured AI family, else the template. */
export const defaultImageSpec = (specs: readonly ImageSpec[]): ImageSpec =>
  specs.find((spec) => spec.key !== undefined && spec.family !== 'template') ?? specs.find((spec) => spec.family === 'template')!;

/** The template lays the product out on fixed layouts: it neither follows a prompt nor edits text in a picture. */
export const imageCapabilities = (family: ImageFamily) =>
  family === 'template' ? { follows_prompt: false, edits_text: false } : { follows_prompt: true, edits_text: true };
