import { type CopyRequest, type PlanRequest, type ProductContext } from '../../application/ports/text-model.ts';
import { type CopyDraft, parseCopyDraft } from '../../domain/ai/copy.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { SUITE_KINDS } from '../../domain/ai/suite-plan.ts';

/**
 * What every text family is told and the shapes it must answer, shared so copy and plans behave the same on
 * Claude and on the OpenAI-compatible families (docs/decisions.md, AI). Each adapter only wraps these in its wire format.
 */
const MAX_CONTEXT_CHARS = 40_000;

export const SYSTEM_PROMPT = [
  'You write product listings for Ozon, the Russian marketplace, from Chinese purchase information (1688/Taobao).',
  'Russian fields must be natural, fluent Russian with no Chinese characters at all: translate every Chinese word, drop shop names and',
  'sourcing details. Never invent facts that the source does not support. Answer only through the given tool or JSON schema.',
].join(' ');

export type AnswerSchema = { readonly name: string; readonly description: string; readonly schema: Record<string, unknown> };

export const COPY_SCHEMA: AnswerSchema = {
  name: 'emit_listing',
  description: 'Return the Russian listing copy and a Chinese parallel text.',
  schema: {
    type: 'object',
    properties: {
      title_ru: { type: 'string', description: 'Russian product title, at most 200 characters (hard limit 255): type, key attribute, material or size' },
      description_ru: { type: 'string', description: 'Russian description, 3–6 short paragraphs, plain text, at most 5000 characters' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Up to 20 Russian search tags of one to three words each' },
      text_zh: { type: 'string', description: 'Chinese translation of title and description for the seller to check' },
    },
    required: ['title_ru', 'description_ru', 'tags', 'text_zh'],
    additionalProperties: false,
  },
};

export const PLAN_SCHEMA: AnswerSchema = {
  name: 'emit_suite_plan',
  description: 'Return the image suite plan for the listing.',
  schema: {
    type: 'object',
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

export function copyInstruction(request: CopyRequest): string {
  return [
    'Write the Ozon listing copy for this product.',
    request.requirements ? `User requirements (highest priority): ${request.requirements}` : '',
    request.correction ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function planInstruction(request: PlanRequest): string {
  return [
    `Plan the marketplace image suite (platform ${request.platform}): 8 to 15 images in total, count 0–3 per item.`,
    `Available source images: main ${request.image_stats.main}, sku ${request.image_stats.sku}, detail ${request.image_stats.detail}.`,
    'Exactly one white_bg item with count 1. Bind sku_variant items to one of the SKU variants by exact name.',
    request.requirements ? `User requirements (highest priority): ${request.requirements}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export const badOutput = (provider: string): DomainError => new DomainError('upstream_failed', 'AI_BAD_OUTPUT', `${provider} 返回的结果格式不正确，请重试`);

/** A copy answer re-validated (vendors do not all enforce the schema). */
export function copyAnswer(value: unknown, provider: string): CopyDraft {
  const draft = parseCopyDraft(value);
  if (!draft) throw badOutput(provider);
  return draft;
}

/** A plan answer with its items still raw: `cleanPlan` checks each of them. */
export function planAnswer(value: unknown, provider: string): { summary: string; items: unknown[] } {
  const input = (typeof value === 'object' && value !== null ? value : {}) as { summary?: unknown; items?: unknown };
  if (!Array.isArray(input.items)) throw badOutput(provider);
  return { summary: typeof input.summary === 'string' ? input.summary.slice(0, 1000) : '', items: input.items };
}
