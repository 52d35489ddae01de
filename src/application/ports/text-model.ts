import { type CopyDraft } from '../../domain/ai/copy.ts';
import { type PlannerInput } from '../../domain/ai/rules-planner.ts';

/** The text-model families (docs/decisions.md, AI), in the order the default is picked among configured ones. */
export const TEXT_FAMILIES = ['claude', 'deepseek', 'qwen', 'doubao', 'openai'] as const;
export type TextFamily = (typeof TEXT_FAMILIES)[number];

/** What the model knows about the product; adapters send it as one cacheable block. */
export type ProductContext = {
  readonly product_id: string | null;
  readonly title: string;
  readonly texts: PlannerInput['texts'];
  /** Marketplace or source attributes as the client sent them (any JSON). */
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly sku_variants: readonly string[];
  readonly keywords: readonly string[];
};

export type CopyRequest = {
  readonly context: ProductContext;
  readonly requirements: string | null;
  /** Set on the corrective retry: what was wrong with the previous answer. */
  readonly correction: string | null;
};

export type PlanRequest = {
  readonly context: ProductContext;
  readonly image_stats: PlannerInput['image_stats'];
  readonly platform: string;
  readonly requirements: string | null;
};

/**
 * A language model that writes listing copy and proposes suite plans. Answers are parsed but not trusted:
 * callers re-validate them. Failures throw DomainError `AI_TIMEOUT` (timeout) or `AI_UPSTREAM_FAILED`.
 */
export interface TextModel {
  /** The catalog id of the model behind this adapter. */
  readonly id: string;
  /** A copy draft; its shape is checked, its language is not. */
  writeCopy(request: CopyRequest): Promise<CopyDraft>;
  /** A raw plan: items of any shape, to be cleaned by `cleanPlan`. */
  planSuite(request: PlanRequest): Promise<{ summary: string; items: unknown[] }>;
}
