import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { type CopyRequest, type PlanRequest, type ProductContext, type TextModel } from '../../application/ports/text-model.ts';
import { parseCopyDraft } from '../../domain/copy.ts';
import { DomainError } from '../../domain/errors.ts';
import { SUITE_KINDS } from '../../domain/suite-plan.ts';
import { timeoutError, upstreamError } from './provider-http.ts';

export type AnthropicTextOptions = { apiKey: string; baseUrl: string | undefined; model: string; timeoutMs: number; maxRetries?: number };

const PROVIDER = 'Claude';
const MAX_CONTEXT_CHARS = 40_000;

const SYSTEM = [
  'You write product listings for Ozon, the Russian marketplace, from Chinese purchase information (1688/Taobao).',
  'Russian fields must be natural, fluent Russian with no Chinese characters at all: translate every Chinese word, drop shop names and',
  'sourcing details. Never invent facts that the source does not support. Answer only through the given tool.',
].join(' ');

const COPY_TOOL = {
  name: 'emit_listing',
  description: 'Return the Russian listing copy and a Chinese parallel text.',
  strict: true,
  input_schema: {
    type: 'object' as const,
    properties: {
      title_ru: { type: 'string', description: 'Russian product title, up to 200 characters: type, key attribute, material or size' },
      description_ru: { type: 'string', description: 'Russian description, 3–6 short paragraphs' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Up to 20 Russian search tags' },
      text_zh: { type: 'string', description: 'Chinese translation of title and description for the seller to check' },
    },
    required: ['title_ru', 'description_ru', 'tags', 'text_zh'],
    additionalProperties: false,
  },
};

const PLAN_TOOL = {
  name: 'emit_suite_plan',
  description: 'Return the image suite plan for the listing.',
  strict: true,
  input_schema: {
    type: 'object' as const,
    properties: {
      summary: { type: 'string', description: 'One or two sentences in Chinese explaining the plan' },
      items: {
        type: 'array',
        description: '8 to 15 images in total (sum of count)',
        items: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: [...SUITE_KINDS] },
            title: { type: 'string', description: 'Short Chinese title of the image' },
            detail: { type: 'string', description: 'What the image shows, in Chinese' },
            prompt_hint: { type: 'string', description: 'English hint for the image model' },
            count: { type: 'integer', description: '0 to 3' },
            variant_name: { type: ['string', 'null'], description: 'One of the SKU variants, or null' },
          },
          required: ['kind', 'title', 'detail', 'prompt_hint', 'count', 'variant_name'],
          additionalProperties: false,
        },
      },
    },
    required: ['summary', 'items'],
    additionalProperties: false,
  },
};

/** The product facts as one stable text block: cached across the copy and plan calls of one product. */
export function productContextBlock(context: ProductContext): string {
  const lines = [`Product (Chinese purchase information)`, `Title: ${context.title}`];
  for (const text of context.texts) {
    const pairs = text.pairs?.map((pair) => `${pair.key}: ${pair.value}`).join('; ');
    lines.push(`[${text.kind}] ${text.content}${pairs ? ` (${pairs})` : ''}`);
  }
  if (Object.keys(context.attributes).length > 0) lines.push(`Attributes: ${JSON.stringify(context.attributes)}`);
  if (context.sku_variants.length > 0) lines.push(`SKU variants: ${context.sku_variants.join(' | ')}`);
  if (context.keywords.length > 0) lines.push(`Keywords: ${context.keywords.join(', ')}`);
  return lines.join('\n').slice(0, MAX_CONTEXT_CHARS);
}

function providerError(error: unknown): unknown {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return timeoutError(PROVIDER);
  if (error instanceof APIConnectionError) return upstreamError(PROVIDER, '无法连接');
  if (error instanceof APIError) return upstreamError(PROVIDER, `HTTP ${error.status ?? '?'}`);
  return error;
}

const badOutput = () => new DomainError('upstream_failed', 'AI_BAD_OUTPUT', `${PROVIDER} 返回的结果格式不正确，请重试`);

/**
 * Claude through @anthropic-ai/sdk with forced tool use: the answer is a tool input, re-validated here. The
 * product context is its own block marked for prompt caching, ahead of the task instruction.
 */
export function makeAnthropicTextModel(options: AnthropicTextOptions): TextModel {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl ?? null, timeout: options.timeoutMs, maxRetries: options.maxRetries ?? 1 });

  async function callTool(tool: typeof COPY_TOOL | typeof PLAN_TOOL, context: ProductContext, instruction: string): Promise<unknown> {
    try {
      const message = await client.messages.create({
        model: options.model,
        max_tokens: 4096,
        system: SYSTEM,
        tools: [tool],
        tool_choice: { type: 'tool', name: tool.name, disable_parallel_tool_use: true },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: productContextBlock(context), cache_control: { type: 'ephemeral' } },
              { type: 'text', text: instruction },
            ],
          },
        ],
      });
      const use = message.content.find((block) => block.type === 'tool_use' && block.name === tool.name);
      if (!use || use.type !== 'tool_use') throw badOutput();
      return use.input;
    } catch (error) {
      throw providerError(error);
    }
  }

  return {
    id: options.model,
    async writeCopy(request: CopyRequest) {
      const instruction = [
        'Write the Ozon listing copy for this product.',
        request.requirements ? `User requirements (highest priority): ${request.requirements}` : '',
        request.correction ?? '',
      ]
        .filter(Boolean)
        .join('\n');
      const draft = parseCopyDraft(await callTool(COPY_TOOL, request.context, instruction));
      if (!draft) throw badOutput();
      return draft;
    },
    async planSuite(request: PlanRequest) {
      const instruction = [
        `Plan the marketplace image suite (platform ${request.platform}): 8 to 15 images in total, count 0–3 per item.`,
        `Available source images: main ${request.image_stats.main}, sku ${request.image_stats.sku}, detail ${request.image_stats.detail}.`,
        'Exactly one white_bg item with count 1. Bind sku_variant items to one of the SKU variants by exact name.',
        request.requirements ? `User requirements (highest priority): ${request.requirements}` : '',
      ]
        .filter(Boolean)
        .join('\n');
      const input = (await callTool(PLAN_TOOL, request.context, instruction)) as { summary?: unknown; items?: unknown };
      if (!Array.isArray(input.items)) throw badOutput();
      return { summary: typeof input.summary === 'string' ? input.summary.slice(0, 1000) : '', items: input.items };
    },
  };
}
