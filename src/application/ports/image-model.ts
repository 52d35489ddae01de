import { type CardTexts } from '../../domain/ai/card-texts.ts';
import { type SuiteKind } from '../../domain/ai/suite-plan.ts';

export const IMAGE_FAMILIES = ['gpt-image', 'gemini-image', 'seedream', 'qwen-image', 'template'] as const;
export type ImageFamily = (typeof IMAGE_FAMILIES)[number];

/** A reference image as the model receives it (already normalised to JPEG, bounded size). */
export type ReferenceImage = { readonly bytes: Uint8Array; readonly contentType: string };

/** What to make: one suite image (`kind`) or a free edit of the first reference (`edit`). */
export type ImageBrief = {
  readonly kind: SuiteKind | 'edit';
  readonly title: string;
  readonly detail: string;
  readonly prompt_hint: string;
  /** The user's own style prompt; replaces the family's style template when set. */
  readonly style_prompt: string | null;
  readonly requirements: string | null;
  /** Russian texts for the card; families that draw text themselves (template) use them verbatim. */
  readonly texts: CardTexts;
  /** 1-based copy number of this image within its plan item (count 3 → 1, 2, 3), so repeated kinds can vary. */
  readonly copy?: number;
};

export type ImageRequest = { readonly brief: ImageBrief; readonly references: readonly ReferenceImage[] };

export type GeneratedImage = { readonly bytes: Uint8Array; readonly contentType: string };

/**
 * One image model family. Each builds its own prompt from the brief (families read prompts differently),
 * retries at most once and only on 429/5xx/connection errors, and throws DomainError `AI_TIMEOUT` or
 * `AI_UPSTREAM_FAILED`. Output may be any size or format; callers normalise it.
 */
export interface ImageModel {
  readonly family: ImageFamily;
  /** The prompt this family would send for the brief (shown to users, and asserted by tests). */
  buildPrompt(request: ImageRequest): string;
  /** Makes one image. */
  generate(request: ImageRequest): Promise<GeneratedImage>;
}
