import { type ImageFamily, type ImageModel } from './image-model.ts';
import { type TextFamily, type TextModel } from './text-model.ts';

export type ModelEntry = {
  readonly id: string;
  readonly provider: string;
  readonly kind: 'text' | 'image';
  readonly family: TextFamily | ImageFamily;
  readonly label: string;
  /** True when the provider's key is configured (the template family always is). */
  readonly configured: boolean;
  /** The environment variable whose key configures it (named on the page before a click); null for the template, which needs none. */
  readonly key_env: string | null;
  readonly default: boolean;
  /**
   * `follows_prompt`: the model does what a free-text instruction asks (an edit prompt, requirements);
   * `edits_text`: it can rewrite the text inside an image (image text translation). The template has neither.
   */
  readonly capabilities: { readonly follows_prompt: boolean; readonly edits_text: boolean };
};

/**
 * The models this installation offers (docs/decisions.md, AI). Lookups by id (or family name) throw DomainError
 * `UNKNOWN_MODEL` (422) for ids not in the catalog and `AI_NOT_CONFIGURED` (503) for models without a key.
 */
export interface ModelCatalog {
  /** Every model, configured or not, text first. */
  list(): ModelEntry[];
  /** The image model for `id`, or the default image model when `id` is empty. */
  imageModel(id: string | null | undefined): { entry: ModelEntry; model: ImageModel };
  /** The text model for `id` (the default when empty); throws `AI_NOT_CONFIGURED` without a key. */
  textModel(id: string | null | undefined): TextModel;
  /** Whether any text model is configured (else the rules planner answers). */
  hasTextModel(): boolean;
}
