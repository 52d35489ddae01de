import { hasChinese } from './text.ts';

/**
 * Generated Russian listing copy (DECISIONS §6). The marketplace rejects Chinese characters in Russian fields,
 * so every draft is checked here before anyone stores it.
 */
export type CopyDraft = {
  readonly title_ru: string;
  readonly description_ru: string;
  readonly tags: string[];
  readonly text_zh: string;
};

export const COPY_LIMITS = { title_ru: 500, description_ru: 6000, tags: 30, tag: 100, text_zh: 6000 } as const;

/** The Russian fields of a draft that still contain Chinese characters. */
export function chineseInRussianFields(draft: CopyDraft): string[] {
  const fields: string[] = [];
  if (hasChinese(draft.title_ru)) fields.push('title_ru');
  if (hasChinese(draft.description_ru)) fields.push('description_ru');
  if (draft.tags.some(hasChinese)) fields.push('tags');
  return fields;
}

/**
 * Re-validates what a model returned (its JSON schema is not enforced upstream): the fields must be strings
 * (tags an array of strings), the title and description non-empty. Returns the draft trimmed and capped, or
 * undefined when the shape is wrong.
 */
export function parseCopyDraft(value: unknown): CopyDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { title_ru: title, description_ru: description, text_zh: textZh, tags } = record;
  if (typeof title !== 'string' || typeof description !== 'string') return undefined;
  if (!title.trim() || !description.trim()) return undefined;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) return undefined;
  return {
    title_ru: title.trim().slice(0, COPY_LIMITS.title_ru),
    description_ru: description.trim().slice(0, COPY_LIMITS.description_ru),
    tags: (tags as string[])
      .map((tag) => tag.trim().slice(0, COPY_LIMITS.tag))
      .filter(Boolean)
      .slice(0, COPY_LIMITS.tags),
    text_zh: typeof textZh === 'string' ? textZh.trim().slice(0, COPY_LIMITS.text_zh) : '',
  };
}
