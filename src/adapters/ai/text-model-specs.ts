import { type TextFamily, type TextModel } from '../../application/ports/text-model.ts';
import { makeAnthropicTextModel } from './anthropic-text-model.ts';
import { makeChatCompletionsTextModel } from './chat-completions-text-model.ts';
import { type ModelIds, modelLabel } from './model-ids.ts';

/** The text-model part of the AI settings (keys, base URLs, the default model, the deadline). */
export type TextSettings = {
  readonly anthropicApiKey: string | undefined;
  readonly anthropicBaseUrl: string | undefined;
  readonly deepseekApiKey: string | undefined;
  readonly deepseekBaseUrl: string;
  readonly dashscopeApiKey: string | undefined;
  readonly dashscopeBaseUrl: string;
  readonly arkApiKey: string | undefined;
  readonly arkBaseUrl: string;
  readonly openaiApiKey: string | undefined;
  readonly openaiBaseUrl: string;
  /** `AI_TEXT_MODEL`: a catalog id or a family name; unset = the first configured family. */
  readonly defaultTextModel: string | undefined;
  readonly textTimeoutMs: number;
  /** The model id each family calls (DEEPSEEK_MODEL, QWEN_MODEL, … or the defaults). */
  readonly modelIds: ModelIds;
};

export type TextSpec = {
  readonly id: string;
  readonly family: TextFamily;
  readonly provider: string;
  readonly label: string;
  /** The environment variable that holds the key, named in the 503 when it is missing. */
  readonly keyName: string;
  readonly key: string | undefined;
  readonly make: (key: string) => TextModel;
};

/**
 * Every text model this installation knows, in the default order of docs/decisions.md, AI (claude, deepseek, qwen,
 * doubao, openai). DeepSeek and Qwen answer through a forced function call (their compatible APIs take
 * `tool_choice` by name, not a strict JSON schema); Doubao and OpenAI through a strict `json_schema`.
 */
export function textModelSpecs(ai: TextSettings, retryDelayMs: number | undefined): TextSpec[] {
  const timing = { timeoutMs: ai.textTimeoutMs, retryDelayMs };
  const ids = ai.modelIds;
  const claude = (id: string) => (apiKey: string) => makeAnthropicTextModel({ apiKey, baseUrl: ai.anthropicBaseUrl, model: id, timeoutMs: ai.textTimeoutMs });
  return [
    {
      id: 'claude-sonnet-4-6',
      family: 'claude',
      provider: 'anthropic',
      label: 'Claude Sonnet 4.6（文案与套图规划）',
      keyName: 'ANTHROPIC_API_KEY',
      key: ai.anthropicApiKey,
      make: claude('claude-sonnet-4-6'),
    },
    {
      id: 'claude-haiku-4-5',
      family: 'claude',
      provider: 'anthropic',
      label: 'Claude Haiku 4.5（更快更便宜）',
      keyName: 'ANTHROPIC_API_KEY',
      key: ai.anthropicApiKey,
      make: claude('claude-haiku-4-5'),
    },
    {
      id: ids.deepseek,
      family: 'deepseek',
      provider: 'deepseek',
      label: modelLabel(ids, 'deepseek', 'DeepSeek（deepseek-chat）', 'DeepSeek'),
      keyName: 'DEEPSEEK_API_KEY',
      key: ai.deepseekApiKey,
      make: (apiKey) =>
        makeChatCompletionsTextModel({ provider: 'DeepSeek', baseUrl: ai.deepseekBaseUrl, apiKey, model: ids.deepseek, answer: 'tool', ...timing }),
    },
    {
      id: ids.qwen,
      family: 'qwen',
      provider: 'dashscope',
      label: modelLabel(ids, 'qwen', '通义千问 Qwen-Plus', '通义千问'),
      keyName: 'DASHSCOPE_API_KEY',
      key: ai.dashscopeApiKey,
      make: (apiKey) =>
        makeChatCompletionsTextModel({
          provider: '通义千问',
          baseUrl: `${ai.dashscopeBaseUrl}/compatible-mode/v1`,
          apiKey,
          model: ids.qwen,
          answer: 'tool',
          ...timing,
        }),
    },
    {
      id: ids.doubao,
      family: 'doubao',
      provider: 'volcengine',
      label: modelLabel(ids, 'doubao', '豆包 Seed 1.6', '豆包'),
      keyName: 'ARK_API_KEY',
      key: ai.arkApiKey,
      make: (apiKey) => makeChatCompletionsTextModel({ provider: '豆包', baseUrl: ai.arkBaseUrl, apiKey, model: ids.doubao, answer: 'json_schema', ...timing }),
    },
    {
      id: ids.openai,
      family: 'openai',
      provider: 'openai',
      label: modelLabel(ids, 'openai', 'OpenAI GPT-4.1 mini', 'OpenAI'),
      keyName: 'OPENAI_API_KEY',
      key: ai.openaiApiKey,
      make: (apiKey) =>
        makeChatCompletionsTextModel({ provider: 'OpenAI', baseUrl: ai.openaiBaseUrl, apiKey, model: ids.openai, answer: 'json_schema', ...timing }),
    },
  ];
}

/** The spec for an id or a family name (the family's first model). */
export const findTextSpec = (specs: readonly TextSpec[], id: string): TextSpec | undefined =>
  specs.find((spec) => spec.id === id) ?? specs.find((spec) => spec.family === id);

/** `AI_TEXT_MODEL` when set (it must name a known model), else the first configured one, else the first. */
export function defaultTextSpec(specs: readonly TextSpec[], wanted: string | undefined): TextSpec {
  if (wanted) {
    const spec = findTextSpec(specs, wanted);
    if (!spec) throw new Error(`AI_TEXT_MODEL=${wanted} is not a known text model (${specs.map((candidate) => candidate.id).join(', ')})`);
    return spec;
  }
  return specs.find((spec) => spec.key !== undefined) ?? specs[0]!;
}
